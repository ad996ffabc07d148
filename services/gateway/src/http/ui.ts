import type { Express, Request } from 'express';
import type { Logger } from 'pino';
import { SERVER_READ_HEADER, toApiError, type ApiPart, type EdgeContext } from '@taal/edge';

/** The web server's check of a page's record (frontends/web's RecordExists; `record` is routes.json's: `course`, `giftCard`…). */
type RecordExists = (record: string, id: string, req: Request) => Promise<boolean | undefined>;

/**
 * Whether the record a page shows exists (issue 55: an unknown course, instructor, freebie, gift
 * card or certificate answers the page 404), asked of the service that owns it through its API
 * part's `pageRecords`. What its route answers 404 (or 400, not an id) is missing; a failure (a
 * service down, a deadline) is "cannot tell", and the page answers 200 as before. The look-up costs
 * that service a read, as the page's API route does, so it counts on the client's public reads
 * (decision 0038); a client past them gets the page unchecked.
 */
export function recordExists(edge: EdgeContext, apis: readonly ApiPart[]): RecordExists {
  const lookups = Object.assign({}, ...apis.map((api) => api.pageRecords?.(edge) ?? {})) as Record<string, (id: string) => Promise<unknown>>;
  const reads = edge.limits.publicReads;
  return async (record, id, req) => {
    const lookup = lookups[record];
    if (!lookup) return undefined;
    try {
      await reads.hit('reads', await reads.clientOf(req));
    } catch {
      return undefined;
    }
    try {
      await lookup(id);
      return true;
    } catch (err) {
      const { status } = toApiError(err);
      return status === 404 || status === 400 ? false : undefined;
    }
  };
}

/**
 * The first screens the web server draws (decision 0070) read the API as the server itself, with a
 * key only this process knows, so those reads do not count against the server's own address; the
 * visitor is counted one public read for the page instead (refused: the page is sent undrawn).
 */
export function firstScreenReads(edge: EdgeContext): { header: string; key: string; charge: (req: Request) => Promise<boolean> } {
  const reads = edge.limits.publicReads;
  return {
    header: SERVER_READ_HEADER,
    key: reads.serverReadKey,
    charge: async (req) => {
      try {
        await reads.hit('reads', await reads.clientOf(req));
        return true;
      } catch {
        return false;
      }
    },
  };
}

/**
 * The web UI is served from the frontends' built assets when the frontends package is
 * present; the API works without it.
 */
export function mountUiIfBuilt(logger: Logger): ((app: Express, edge: EdgeContext, apis: readonly ApiPart[]) => void) | undefined {
  let web: { mountFrontends(app: Express, options: object): void };
  try {
    web = require('@taal/web');
  } catch {
    logger.warn('frontends are not installed; serving the API only');
    return undefined;
  }
  return (app, edge, apis) => web.mountFrontends(app, { recordExists: recordExists(edge, apis), firstScreenReads: firstScreenReads(edge) });
}
