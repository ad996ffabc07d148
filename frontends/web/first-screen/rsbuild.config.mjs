// The server's first screens (render.tsx), built for Node as CommonJS: dist/render.cjs (and the chunks it loads).
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

const require = createRequire(import.meta.url);
const contractsSrc = path.join(path.dirname(require.resolve('@taal/contracts/package.json')), 'src');

export default defineConfig({
  root: path.dirname(fileURLToPath(import.meta.url)),
  plugins: [pluginReact({ fastRefresh: false })],
  source: { entry: { render: './render.tsx' }, define: { FIRST_SCREEN_SERVER: 'true' } },
  resolve: { alias: { '@taal/contracts/web$': path.join(contractsSrc, 'web.ts') } },
  output: {
    target: 'node',
    module: false,
    distPath: { root: 'dist', js: '' },
    filename: { js: '[name].cjs' },
    cleanDistPath: true,
    sourceMap: { js: false, css: false },
    legalComments: 'none',
    minify: false,
  },
  performance: { chunkSplit: { strategy: 'all-in-one' } },
  tools: { htmlPlugin: false, rspack: { output: { library: { type: 'commonjs2' } } } },
});
