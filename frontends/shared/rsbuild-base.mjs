// Rsbuild configuration shared by the shell and the remotes.
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { createRequire } from 'node:module';
import path from 'node:path';
import { sharedDependencies } from './mf-shared.mjs';

const require = createRequire(import.meta.url);
/**
 * `@taal/contracts/web` from its TypeScript source, not its CommonJS build: as ES modules the
 * bundler keeps only what a bundle uses (the shell needs `UserRoles`, not the en + bn texts of
 * the whole refusal catalogue, which the browser reads as the `refusals` translations).
 */
const contractsSrc = path.join(path.dirname(require.resolve('@taal/contracts/package.json')), 'src');

/**
 * @param {{ name: string, root: string, port: number, exposes?: Record<string,string>, html?: boolean }} opts
 */
export function createConfig({ name, root, port, exposes, html = false }) {
  const isRemote = Boolean(exposes);
  return defineConfig({
    root,
    plugins: [
      pluginReact({ fastRefresh: false }),
      pluginModuleFederation({
        name,
        ...(exposes ? { exposes, filename: 'remoteEntry.js' } : {}),
        shared: sharedDependencies,
        dts: false,
        // One copy of the federation runtime: the shell provides it, the remotes use it.
        experiments: {
          ...(isRemote ? { externalRuntime: true } : { provideExternalRuntime: true }),
          optimization: { disableSnapshot: true, target: 'web' },
        },
      }),
    ],
    source: {
      entry: { index: './src/index.ts' },
    },
    resolve: {
      alias: { '@taal/contracts/web$': path.join(contractsSrc, 'web.ts') },
    },
    html: html ? { template: './src/index.html', title: 'Taal' } : undefined,
    output: {
      distPath: { root: 'dist' },
      // Remotes are relocatable: their chunks load relative to remoteEntry.js.
      assetPrefix: isRemote ? 'auto' : '/',
      cleanDistPath: true,
      sourceMap: { js: false, css: false },
      legalComments: 'none',
      copy: undefined,
    },
    performance: {
      chunkSplit: { strategy: 'split-by-experience' },
    },
    server: { port, cors: { origin: '*' } },
    tools: {
      ...(html ? {} : { htmlPlugin: false }),
      rspack: {
        // The contracts' modules only declare constants and functions: a module none of whose
        // exports a bundle uses is left out.
        module: { rules: [{ test: (file) => file.startsWith(contractsSrc + path.sep), sideEffects: false }] },
      },
    },
  });
}
