import type { Express } from 'express';
import type { Logger } from 'pino';
import type { catalogueV1, freebiesV1, learningV1, storeV1 } from '@taal/contracts';
import { toApiError, type EdgeContext } from '@taal/edge';

/** The kinds of record a page shows by id (routes.json's `record`, in @taal/web-shared's route-table.d.ts). */
type PageRecord = 'course' | 'instructor' | 'freebie' | 'giftCard' | 'certificate';
type RecordExists = (record: PageRecord, id: string) => Promise<boolean | undefined>;

/**
 * Whether the record a page shows exists, asked of the service that owns it with the call its
 * public API route makes (issue 55: an unknown course, instructor, freebie, gift card or
 * certificate answers the page 404). What that route answers 404 (or refuses as not an id) is
 * missing; a failure (a service down, a deadline) is "cannot tell", and the page answers 200 as before.
 */
export function recordExists(edge: EdgeContext): RecordExists {
  const catalogue = edge.client<catalogueV1.CatalogueServiceServer>('catalogue');
  const freebies = edge.client<freebiesV1.FreebieServiceServer>('freebies');
  const store = edge.client<storeV1.StoreServiceServer>('store');
  const learning = edge.client<learningV1.LearningServiceServer>('learning');
  const lookups: Record<PageRecord, (id: string) => Promise<unknown>> = {
    course: async (id) => (await catalogue.getCourse({ id })).course,
    instructor: async (id) => (await catalogue.getInstructor({ id })).instructor,
    freebie: async (id) => (await freebies.getFreebie({ id })).freebie,
    giftCard: async (id) => (await store.getProduct({ id })).product,
    certificate: async (id) => (await learning.verifyCertificate({ id }, null)).certificate,
  };
  return async (record, id) => {
    try {
      return (await lookups[record](id)) !== undefined;
    } catch (err) {
      const { status } = toApiError(err);
      return status === 404 || status === 400 ? false : undefined;
    }
  };
}

/**
 * The web UI is served from the frontends' built assets when the frontends package is
 * present; the API works without it.
 */
export function mountUiIfBuilt(logger: Logger): ((app: Express, edge: EdgeContext) => void) | undefined {
  let web: { mountFrontends(app: Express, options: object): void };
  try {
    web = require('@taal/web');
  } catch {
    logger.warn('frontends are not installed; serving the API only');
    return undefined;
  }
  return (app, edge) => web.mountFrontends(app, { recordExists: recordExists(edge) });
}
