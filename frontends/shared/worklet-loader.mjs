// Builds an AudioWorklet module (`*.worklet.ts`, with what it imports) into one self-contained
// script, the content of the file the app's `new URL('./x.worklet.ts', import.meta.url)` names
// (rsbuild-base.mjs). A worklet's scope has no `self`, no importScripts and no Module Federation:
// the app's own chunk runtime cannot load it, so it is compiled here on its own (decision 0080).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rspack } from '@rspack/core';

export default function workletLoader() {
  const done = this.async();
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'taal-worklet-'));
  const compiler = rspack({
    mode: 'production',
    context: path.dirname(this.resourcePath),
    target: ['webworker', 'es2020'],
    entry: this.resourcePath,
    devtool: false,
    output: { path: outDir, filename: 'worklet.js', iife: true, chunkLoading: false, asyncChunks: false, publicPath: '' },
    resolve: { extensions: ['.ts', '.js', '.mjs'] },
    module: {
      rules: [{ test: /\.ts$/, loader: 'builtin:swc-loader', options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2020' } }, type: 'javascript/auto' }],
    },
    optimization: { minimize: true, splitChunks: false, runtimeChunk: false },
  });
  compiler.run((error, stats) => {
    compiler.close(() => {});
    try {
      if (error) throw error;
      if (stats.hasErrors()) throw new Error(stats.toString({ all: false, errors: true }));
      for (const file of stats.compilation.fileDependencies) this.addDependency(file);
      done(null, fs.readFileSync(path.join(outDir, 'worklet.js')));
    } catch (failure) {
      done(failure);
    } finally {
      fs.rmSync(outDir, { recursive: true, force: true });
    }
  });
}
