// Jest `setupFiles` for the `integration` project: fills in the connection settings
// of the local servers (tools/infra/up) that are not already set in the environment,
// from $TAAL_INFRA_HOME/env.sh (default ~/.cache/taal/infra/env.sh). Only
// `export KEY=VALUE` lines are read; nothing is run through a shell.
// When neither the environment nor env.sh has them, the integration tests that need
// a server fail on their own (they never skip).
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const KEYS = [
  'DATABASE_URL',
  'REDIS_URL',
  'KAFKA_BROKERS',
  'S3_ENDPOINT',
  'S3_ACCESS_KEY',
  'S3_SECRET_KEY',
  'S3_BUCKET',
  'S3_REGION',
  'SMTP_URL',
  'SMTP_MAILDIR',
];

function envFile() {
  const home = process.env.TAAL_INFRA_HOME || path.join(os.homedir(), '.cache', 'taal', 'infra');
  return path.join(home, 'env.sh');
}

function unquote(value) {
  const v = value.trim();
  if (v.length >= 2 && ((v.startsWith('"') && v.endsWith('"')) || (v.startsWith("'") && v.endsWith("'")))) {
    return v.slice(1, -1);
  }
  return v;
}

function parseEnvSh(text) {
  const out = {};
  for (const raw of text.split(/\r?\n/)) {
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(raw);
    if (m) out[m[1]] = unquote(m[2]);
  }
  return out;
}

function loadInfraEnv() {
  if (KEYS.every((k) => process.env[k])) return;
  const file = envFile();
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return;
  }
  const values = parseEnvSh(text);
  for (const k of KEYS) {
    if (!process.env[k] && values[k] !== undefined) process.env[k] = values[k];
  }
}

loadInfraEnv();

module.exports = { parseEnvSh, loadInfraEnv, KEYS };
