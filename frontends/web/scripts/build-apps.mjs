#!/usr/bin/env node
// Builds the shell and the remotes with Rsbuild, skipping any app whose inputs have not
// changed since its last build (a hash of its sources, the shared sources, the configs and
// the versions of the packages it bundles is kept in dist/.build-hash).
//   --force       rebuild everything
//   --if-missing  only build apps that have never been built (used before `npm start`)
//   --only=a,b    only these apps
//   --verbose     print Rsbuild's file size table
//   --no-typecheck  skip the type check of the browser code (run when any app is rebuilt)
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

// Always a production build, whatever NODE_ENV the caller has (jest sets it to "test").
process.env.NODE_ENV = 'production';

const require = createRequire(import.meta.url);
const frontends = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
// The shell and the remotes declared (with their routes) in @taal/web-shared's routes.json.
const REMOTES = Object.keys(require('@taal/web-shared/routes.json').remotes);
// …and the server's first screens (web/first-screen, decision 0070): the shell's header and the
// storefront's pages built for Node, so they are built from those apps' sources too.
const FIRST_SCREEN = 'first-screen';
const APPS = ['shell', ...REMOTES, FIRST_SCREEN];
const appDirOf = (app) => (app === FIRST_SCREEN ? path.join(frontends, 'web', 'first-screen') : path.join(frontends, app));
/** Other apps' sources an app is built from. */
const ALSO_FROM = { [FIRST_SCREEN]: ['shell', 'storefront'] };
// The browser-safe contracts the apps bundle (@taal/contracts/web and what it imports).
const contractsSrc = path.join(path.dirname(require.resolve('@taal/contracts/package.json')), 'src');
const args = process.argv.slice(2);
const force = args.includes('--force');
const verbose = args.includes('--verbose');
const ifMissing = args.includes('--if-missing');
const only = args.find((a) => a.startsWith('--only='))?.slice(7).split(',');

const BUNDLED = ['react', 'react-dom', 'react-router-dom', 'single-spa', 'single-spa-react', 'i18next', 'i18next-http-backend', '@module-federation/enhanced', '@rsbuild/core', '@rsbuild/plugin-react', '@module-federation/rsbuild-plugin', '@fontsource/noto-sans-bengali'];

function files(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : files(p);
    return [p];
  });
}

function inputHash(app) {
  const h = createHash('sha256');
  const appDir = appDirOf(app);
  const own = app === FIRST_SCREEN ? files(appDir) : [...files(path.join(appDir, 'src')), ...files(path.join(appDir, 'public')), path.join(appDir, 'rsbuild.config.mjs'), path.join(appDir, 'package.json')];
  const inputs = [...own, ...(ALSO_FROM[app] ?? []).flatMap((other) => files(path.join(frontends, other, 'src'))), ...files(path.join(frontends, 'shared')), ...files(contractsSrc).filter((f) => !f.includes(`${path.sep}gen${path.sep}`) && !/\.test\.ts$/.test(f))].sort();
  for (const f of inputs) {
    h.update(path.relative(frontends, f));
    h.update(fs.readFileSync(f));
  }
  h.update('mode=production');
  h.update('twins=gz,br');
  for (const dep of BUNDLED) {
    try {
      h.update(`${dep}@${require(`${dep}/package.json`).version}`);
    } catch {
      h.update(`${dep}@missing`);
    }
  }
  return h.digest('hex');
}

const { createRsbuild } = await import('@rsbuild/core');
const pending = [];
for (const app of APPS) {
  if (only && !only.includes(app)) continue;
  const stamp = path.join(appDirOf(app), 'dist', '.build-hash');
  const hash = inputHash(app);
  const previous = fs.existsSync(stamp) ? fs.readFileSync(stamp, 'utf8').trim() : null;
  if (!force && previous !== null && (ifMissing || previous === hash)) console.log(`[build-apps] ${app}: up to date`);
  else pending.push({ app, stamp, hash });
}

// Rsbuild compiles TypeScript without checking types: check them first (one pass, all apps).
if (pending.length && !args.includes('--no-typecheck')) {
  const started = Date.now();
  const tsc = require.resolve('typescript/bin/tsc');
  const result = spawnSync(process.execPath, [tsc, '-p', path.join(frontends, 'tsconfig.json')], { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('[build-apps] type errors in the browser code (see above)');
    process.exit(1);
  }
  console.log(`[build-apps] types checked in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * The refusal catalogue's texts as the i18next namespace `refusals` (decision 0026), one file
 * per language beside the translations: the screens translate a refusal by its key, and each
 * visitor downloads only their language. Read from the contracts' build, brought up to date first.
 */
function writeRefusalTranslations(distDir) {
  const contractsDir = path.dirname(require.resolve('@taal/contracts/package.json'));
  const tsc = require.resolve('typescript/bin/tsc');
  const compiled = spawnSync(process.execPath, [tsc, '-b', path.join(contractsDir, 'tsconfig.json')], { stdio: 'inherit' });
  if (compiled.status !== 0) throw new Error('[build-apps] could not build @taal/contracts for the refusal texts');
  const { Refusals } = require(path.join(contractsDir, 'dist', 'web.js'));
  for (const language of ['en', 'bn']) {
    const texts = Object.fromEntries(Object.entries(Refusals).map(([key, entry]) => [key, entry[language]]));
    const dir = path.join(distDir, 'assets', 'locales', language);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'refusals.json'), JSON.stringify(texts, null, 1) + '\n');
  }
}

let built = 0;
for (const { app, stamp, hash } of pending) {
  const appDir = appDirOf(app);
  const started = Date.now();
  console.log(`[build-apps] ${app}: building…`);
  const { default: rsbuildConfig } = await import(pathToFileURL(path.join(appDir, 'rsbuild.config.mjs')).href);
  const rsbuild = await createRsbuild({ cwd: appDir, rsbuildConfig: { ...rsbuildConfig, mode: 'production', logLevel: verbose ? 'info' : 'warn' }, loadEnv: false });
  const result = await rsbuild.build();
  await result?.close?.();
  if (app === 'shell') writeRefusalTranslations(path.join(appDir, 'dist'));
  // Precompressed twins, served by mountFrontends to clients that accept brotli (about 12% smaller
  // than gzip for these bundles: every browser over HTTPS, Chromium on localhost too) or gzip.
  for (const f of app === FIRST_SCREEN ? [] : files(path.join(appDir, 'dist'))) {
    if (!/\.(js|css|json|html|svg|txt)$/.test(f) || fs.statSync(f).size <= 1024) continue;
    const content = fs.readFileSync(f);
    fs.writeFileSync(`${f}.gz`, zlib.gzipSync(content, { level: 9 }));
    fs.writeFileSync(`${f}.br`, zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length } }));
  }
  fs.writeFileSync(stamp, hash + '\n');
  built += 1;
  console.log(`[build-apps] ${app}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
console.log(`[build-apps] ${built} app(s) built`);
