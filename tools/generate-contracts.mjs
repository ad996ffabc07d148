#!/usr/bin/env node
// Regenerates packages/contracts/src/gen from proto/ with buf + ts-proto.
// `node tools/generate-contracts.mjs --out <dir>` writes elsewhere (the drift test uses it).
import { execFileSync } from 'node:child_process';
import { rmSync, mkdirSync, writeFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outIndex = process.argv.indexOf('--out');
const out = outIndex > 0 ? path.resolve(process.argv[outIndex + 1]) : path.join(root, 'packages/contracts/src/gen');
const buf = path.join(root, 'node_modules/.bin/buf');

execFileSync(buf, ['lint'], { cwd: root, stdio: 'inherit' });
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const template = readFileSync(path.join(root, 'buf.gen.yaml'), 'utf8')
  .replace('out: packages/contracts/src/gen', `out: ${JSON.stringify(out)}`)
  .replace('local: node_modules/.bin/protoc-gen-ts_proto', `local: ${JSON.stringify(path.join(root, 'node_modules/.bin/protoc-gen-ts_proto'))}`);
const templatePath = path.join(out, '.buf.gen.yaml');
writeFileSync(templatePath, template);
execFileSync(buf, ['generate', '--template', templatePath], { cwd: root, stdio: 'inherit' });
rmSync(templatePath);
