// Rsbuild configuration shared by the shell and the remotes.
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { sharedDependencies } from './mf-shared.mjs';

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
    html: html ? { template: './src/index.html', title: 'Taal' } : undefined,
    tools: html ? undefined : { htmlPlugin: false },
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
  });
}
