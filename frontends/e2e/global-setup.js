// Runs once before the e2e project: checks the all-in-one is built and brings the frontend
// build up to date (incremental: apps whose sources did not change are skipped).
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

module.exports = async function globalSetup() {
  const root = path.resolve(__dirname, '..', '..');
  const launcher = path.join(root, 'packages', 'launcher', 'dist', 'all-in-one.js');
  if (!fs.existsSync(launcher)) throw new Error(`${launcher} is missing: run "npm run build" at the repository root first.`);
  // The browser is Debian's Chromium (never a downloaded build); install it when missing.
  const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!fs.existsSync(chromium)) {
    if (typeof process.getuid !== 'function' || process.getuid() !== 0) throw new Error(`${chromium} is missing: install Debian's chromium package (apt-get install -y chromium).`);
    console.log('[e2e] installing chromium (apt-get)…');
    execFileSync('apt-get', ['update'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  }
  execFileSync(process.execPath, [path.join(root, 'frontends', 'web', 'scripts', 'build-apps.mjs')], { cwd: root, stdio: 'inherit' });
};
