import { z } from 'zod';

export type Env = Readonly<Record<string, string | undefined>>;

/** Thrown by loadConfig: the message names every missing or invalid variable. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

const SECRET_NAME = /SECRET|PASSWORD|PASSWD|TOKEN|PRIVATE|CREDENTIAL/i;

/** Renders an offending value for an error message without leaking secrets. */
function shown(name: string, raw: string): string {
  if (SECRET_NAME.test(name)) return '"<redacted>"';
  // user:password@ in URLs
  const masked = raw.replace(/(\/\/[^/:@\s]*):[^@/\s]*@/g, '$1:***@');
  const short = masked.length > 200 ? `${masked.slice(0, 200)}…` : masked;
  return JSON.stringify(short);
}

/**
 * Parses environment variables with a zod object schema whose keys are the variable names.
 * Empty strings count as unset. Returns the typed config or throws ConfigError listing
 * every problem, e.g. `Invalid configuration: PORT must be an integer between 1 and 65535 (got "abc"); DATABASE_URL is required`.
 */
export function loadConfig<S extends z.ZodObject>(schema: S, env: Env = process.env): z.output<S> {
  const input: Record<string, string | undefined> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = env[key];
    input[key] = value === undefined || value === '' ? undefined : value;
  }
  const result = schema.safeParse(input);
  if (result.success) return result.data;

  const byVariable = new Map<string, string[]>();
  for (const issue of result.error.issues) {
    const name = issue.path.map(String).join('.') || '(config)';
    const top = String(issue.path[0] ?? '');
    const raw = input[top];
    let text: string;
    if (raw === undefined) text = `${name} is required`;
    else if (issue.code === 'custom') text = `${name} ${issue.message} (got ${shown(top, raw)})`;
    else text = `${name} is invalid: ${issue.message} (got ${shown(top, raw)})`;
    const list = byVariable.get(name) ?? [];
    if (!list.includes(text)) list.push(text);
    byVariable.set(name, list);
  }
  throw new ConfigError([...byVariable.values()].flat());
}
