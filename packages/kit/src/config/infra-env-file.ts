import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Where `bash tools/infra/up` writes the connection settings of the local real servers. */
export const INFRA_ENV_FILE = path.join(
  process.env.TAAL_INFRA_HOME || path.join(os.homedir(), '.cache', 'taal', 'infra'),
  'env.sh',
);

/** Parses `KEY=value` / `export KEY="value"` lines of a shell env file; {} when the file is missing. */
export function readEnvFile(file: string = INFRA_ENV_FILE): Record<string, string> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return {};
  }
  const out: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (!m?.[1]) continue;
    let value = (m[2] ?? '').trim();
    if (/^'.*'$/.test(value)) value = value.slice(1, -1);
    else if (/^".*"$/.test(value)) value = value.slice(1, -1).replace(/\\(["\\$`])/g, '$1');
    out[m[1]] = value;
  }
  return out;
}

/**
 * For integration tests against the real servers: returns the named variables from process.env,
 * falling back to the infra env file. Throws a clear error (so tests FAIL, never skip) if any is missing.
 */
export function requireInfraEnv<const K extends string>(...names: K[]): Record<K, string> {
  let fromFile: Record<string, string> | undefined;
  const out = {} as Record<K, string>;
  const missing: string[] = [];
  for (const name of names) {
    const value = process.env[name] || (fromFile ??= readEnvFile())[name];
    if (value) out[name] = value;
    else missing.push(name);
  }
  if (missing.length > 0) {
    throw new Error(
      `Missing ${missing.join(', ')} for the real-server tests: start the servers with \`bash tools/infra/up\` ` +
        `(it writes ${INFRA_ENV_FILE}) or export the variables.`,
    );
  }
  return out;
}
