import type { Express } from 'express';
import type { Logger } from 'pino';

/**
 * The web UI is served from the frontends' built assets when the frontends package is
 * present; the API works without it.
 */
export function mountUiIfBuilt(logger: Logger): ((app: Express) => void) | undefined {
  let web: { mountFrontends(app: Express, options: object): void };
  try {
    web = require('@taal/web');
  } catch {
    logger.warn('frontends are not installed; serving the API only');
    return undefined;
  }
  return (app) => web.mountFrontends(app, {});
}
