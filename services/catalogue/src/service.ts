import path from 'node:path';
import { catalogueV1, freebiesV1, ServiceNames } from '@taal/contracts';
import { composeService, serviceDepsOf, type ComposedService, type SqlServiceDeps, defineService, loadConfig } from '@taal/kit';
import { Catalogue } from './app/catalogue';
import { catalogueConfig } from './config';
import { catalogueGrpcService } from './grpc/catalogue-service';
import { Freebies } from './app/freebies';
import { freebieGrpcService } from './grpc/freebie-service';
import { FreebieStore } from './store/freebie-store';
import { CatalogueStore } from './store/catalogue-store';
import { SCHEMA } from './store/course-rows';
import { catalogueApi } from './api';
import type { CatalogueUseCases } from './api/shape';
import { Search, type SearchBudget } from './app/search';
import { SearchStore } from './store/search-store';
import { storeCourseRatings } from './events/course-ratings';

export interface CatalogueDeps extends SqlServiceDeps {
  seedDemoData: boolean;
  /** Search's time budget (decision 0038); none: every search runs at once, as long as it takes. */
  searchBudget?: SearchBudget;
}

export type RunningCatalogue = ComposedService<{
  /** What its own routes call (issue 52). */
  useCases: CatalogueUseCases;
}>;

export const CATALOGUE_SERVICE_NAME = 'taal.catalogue.v1.CatalogueService';

/** Wires the catalogue: the kit's skeleton (migrations, outbox relay, gRPC server, stop order) around its own parts. */
export function startCatalogue(deps: CatalogueDeps): Promise<RunningCatalogue> {
  const { sql, bus, logger } = deps;
  return composeService({ ...deps, name: 'catalogue', schema: { name: SCHEMA, migrations: path.join(__dirname, '..', 'migrations') } }, async ({ notify, keep }) => {
    const store = new CatalogueStore(sql);
    if (deps.seedDemoData && (await store.seedDemoData())) logger.info('catalogue demo data seeded');

    const search = new SearchStore(sql);
    // The embedded database has no autovacuum: without this its planner would judge search's
    // scans by the statistics of the catalogue as it was at the migration.
    await search.refreshStatistics().catch((err: unknown) => logger.warn({ err }, 'the search tables could not be analysed; search still works, perhaps slower'));

    const catalogue = new Catalogue(sql, store, notify);
    const cleaned = await catalogue.sanitiseStoredDescriptions();
    if (cleaned > 0) logger.info({ courses: cleaned }, 'course descriptions stored before sanitising were cleaned');
    const cleanedBios = await catalogue.sanitiseStoredBios();
    if (cleanedBios > 0) logger.info({ instructors: cleanedBios }, 'instructor bios stored before sanitising were cleaned');
    keep(await storeCourseRatings(sql, bus, logger));
    const freebies = new Freebies(sql, new FreebieStore(sql), notify);
    return {
      services: [
        // Only what another process asks (issue 52): other services' code and routes, and the page records.
        { definition: catalogueV1.CatalogueServiceService, implementation: catalogueGrpcService(catalogue) },
        { definition: freebiesV1.FreebieServiceService, implementation: freebieGrpcService(freebies) },
      ],
      // Its own routes call these directly (RunningService.useCases, issue 52).
      extras: { useCases: { catalogue, freebies, search: new Search(search, deps.searchBudget, logger) } },
    };
  });
}

/** The catalogue in the service registry (decision 0011): courses, instructors, upcoming courses. */
export const catalogueService = defineService({
  name: ServiceNames.catalogue,
  api: catalogueApi,
  needs: { sql: true, bus: true },
  listens: { grpc: { port: 50051, healthName: CATALOGUE_SERVICE_NAME } },
  config: (env) => loadConfig(catalogueConfig, env),
  // One embedded database runs one statement at a time for the whole process (and ignores statement_timeout).
  defaults: { 'all-in-one': { SEARCH_CONCURRENCY: '1', SEARCH_STATEMENT_TIMEOUT_MS: '0' } },
  start: (ports, config, ctx) =>
    startCatalogue({
      ...ports,
      ...serviceDepsOf(ctx),
      seedDemoData: config.SEED_DEMO_DATA,
      searchBudget: { concurrency: config.SEARCH_CONCURRENCY, queueMs: config.SEARCH_QUEUE_MS, statementTimeoutMs: config.SEARCH_STATEMENT_TIMEOUT_MS },
    }),
});
