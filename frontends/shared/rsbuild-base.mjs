// Rsbuild configuration shared by the shell and the remotes.
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import fs from 'node:fs';
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
 * What the server preloads with a page (frontends/web's preload.ts), written by each remote's
 * build to dist/preload.json from its chunk graph. Each part lists its JS and CSS files and the
 * shared modules its code consumes (the shell may provide them, or else the remote's own copy
 * is fetched):
 * - `expose`: the exposed lifecycles module, loaded on every route of the remote;
 * - `shared`: each shared module's own copy, the chunks its provider loads;
 * - `routes`: the lazy chunk of a page that is a route's first screen, which the remote names
 *   `route-<the route's first path segment>` with a `webpackChunkName` comment (`route-index`
 *   for `/`, `route-allcourses` for `/allcourses`, `route-admin` for `/admin`…).
 */
const preloadManifest = {
  apply(compiler) {
    compiler.hooks.done.tap('taal-preload-manifest', (stats) => {
      if (stats.hasErrors()) return;
      const { compilation } = stats;
      const keyOf = (id, kind) => new RegExp(`^${kind} shared module \\([^)]*\\) (.+?)@`).exec(id)?.[1];
      const unique = (xs) => [...new Set(xs.filter(Boolean))];
      const part = (chunks) => ({
        files: unique(chunks.flatMap((c) => [...c.files])).filter((f) => /\.(js|css)$/.test(f)),
        shared: unique(chunks.flatMap((c) => compilation.chunkGraph.getChunkModules(c)).map((m) => keyOf(m.identifier(), 'consume'))),
      });
      const origins = (group) => (group.origins ?? []).map((o) => o.module?.identifier() ?? '');
      const groups = [...compilation.chunkGroups];
      const out = {
        expose: part(groups.filter((g) => origins(g).some((o) => o.startsWith('container entry'))).flatMap((g) => g.chunks)),
        shared: {},
        routes: {},
      };
      for (const group of groups) {
        for (const key of unique(origins(group).map((o) => keyOf(o, 'provide')))) out.shared[key] = part(group.chunks);
      }
      out.shared = Object.fromEntries(Object.entries(out.shared).sort(([a], [b]) => a.localeCompare(b)));
      for (const [name, group] of compilation.namedChunkGroups) if (name.startsWith('route-')) out.routes[name] = part(group.chunks);
      fs.writeFileSync(path.join(compiler.outputPath, 'preload.json'), `${JSON.stringify(out, null, 1)}\n`);
    });
  },
};

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
        // The shell needs every shared module it uses on every page: bundled into its own first
        // files (eager) instead of one small chunk each, fetched only once the entry has run.
        // The remotes keep theirs lazy, as fallbacks the shell's copies normally replace.
        shared: isRemote ? sharedDependencies : Object.fromEntries(Object.entries(sharedDependencies).map(([k, v]) => [k, { ...v, eager: true }])),
        dts: false,
        // One copy of the federation runtime: the shell provides it, the remotes use it.
        experiments: {
          ...(isRemote ? { externalRuntime: true } : { provideExternalRuntime: true }),
          optimization: { disableSnapshot: true, target: 'web' },
        },
      }),
    ],
    resolve: {
      alias: { '@taal/contracts/web$': path.join(contractsSrc, 'web.ts') },
    },
    // The server's first screens' code is left out of the browser's bundles (frontends/env.d.ts).
    source: { entry: { index: './src/index.ts' }, define: { FIRST_SCREEN_SERVER: 'false' } },
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
      // The shell's page names its bootstrap chunk (and its CSS), which every first screen
      // needs, so the browser fetches it with the entry instead of once the entry has run.
      ...(html ? { preload: { type: 'async-chunks', include: [/\/bootstrap\.[0-9a-f]+\.(js|css)$/] } } : {}),
    },
    server: { port, cors: { origin: '*' } },
    tools: {
      ...(html ? {} : { htmlPlugin: false }),
      rspack: {
        plugins: isRemote ? [preloadManifest] : [],
        // The contracts' modules only declare constants and functions: a module none of whose
        // exports a bundle uses is left out.
        module: {
          rules: [
            { test: (file) => file.startsWith(contractsSrc + path.sep), sideEffects: false },
            // `new URL('./x.worklet.ts', import.meta.url)`: an AudioWorklet module, built on its own
            // into one script file (the tuner's pitch detection, decision 0080).
            { test: /\.worklet\.ts$/, type: 'asset/resource', generator: { filename: 'static/js/async/[name].[contenthash:10].js' }, use: [{ loader: require.resolve('./worklet-loader.mjs') }] },
          ],
        },
      },
    },
  });
}
