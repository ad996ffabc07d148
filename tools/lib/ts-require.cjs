// Lets a plain Node script (a benchmark) require the project's TypeScript test helpers
// (tools/testing, tools/scale) as jest does: each .ts file is compiled to CommonJS by swc, the
// compiler jest's transform uses, when it is first required. Workspace packages (@taal/kit…)
// resolve to their built dist as in any script, so `npm run build` comes first.
const { readFileSync } = require('node:fs');
const { transformSync } = require('@swc/core');

require.extensions['.ts'] = function compileTypeScript(module, filename) {
  const { code } = transformSync(readFileSync(filename, 'utf8'), {
    filename,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};
