import path from 'node:path';
import { catalogueServiceClient } from '@taal/catalogue/client';
import { payoutsV1, ServiceNames } from '@taal/contracts';
import {
  addressOf,
  composeService,
  defineService,
  loadConfig,
  serviceDepsOf,
  type ComposedService,
  type FileStore,
  type SqlServiceDeps,
} from '@taal/kit';
import { Payouts, type CourseFacts } from './app/payouts';
import { payoutsConfig } from './config';
import { keepBuyers } from './events/buyers';
import { recordSales } from './events/order-paid';
import { SCHEMA } from './store/schema';
import { payoutsApi } from './api';
import type { PayoutsUseCases } from './api/shape';

export interface PayoutsServiceDeps extends SqlServiceDeps {
  files: FileStore;
  catalogueAddress: string;
  /** The site's public URL (mails link the instructor panel). */
  publicUrl?: () => string;
}

export type RunningPayouts = ComposedService<{ payouts: Payouts; useCases: PayoutsUseCases }>;

export const PAYOUTS_SERVICE_NAME = 'taal.payouts.v1.PayoutsService';

/** Wires payouts: the kit's skeleton (migrations, outbox relay, gRPC server, stop order) around its own parts. */
export function startPayouts(deps: PayoutsServiceDeps): Promise<RunningPayouts> {
  const { sql, bus, logger } = deps;
  // Settlement mails are asked of messaging through the outbox (decision 0023).
  return composeService({ ...deps, name: 'payouts', schema: { name: SCHEMA, migrations: path.join(__dirname, '..', 'migrations') } }, async ({ notify, keep }) => {
    // The catalogue as payouts itself (no user): a sold course and its instructor, drafts included.
    // Asked only for paid orders whose event predates their sale terms (decision 0053).
    // Remembered for a minute (an order's courses are asked once per event, five deliveries ask once).
    const catalogue = keep(catalogueServiceClient(deps.catalogueAddress, deps.auth.issuer, { keepMs: 60_000 }));

    // A course the catalogue does not know is recorded without an instructor (decision 0016): its
    // money stays counted as the platform's, and the event does not block its partition forever.
    // Never null: a course the catalogue does not know has empty facts.
    const courseFacts = async (courseId: string): Promise<CourseFacts> => {
      const course = await catalogue.course(courseId, { drafts: true });
      const instructor = course && (await catalogue.instructor(course.instructorId, { drafts: true }));
      if (course && instructor) return { title: course.title, instructorId: course.instructorId, percentage: instructor.percentage };
      logger.warn({ courseId }, 'a paid course the catalogue does not know: recorded without an instructor');
      return { title: '', instructorId: '', percentage: 0 };
    };

    // The statement's instructor by name: the catalogue's profile, unpublished ones included; an
    // instructor the catalogue does not know is named by id (the statement still adds up).
    const instructorName = async (instructorId: string) => (await catalogue.instructor(instructorId, { drafts: true }))?.name ?? '';

    const payouts = new Payouts({ sql, files: deps.files, publicUrl: deps.publicUrl, afterCommit: notify, instructorName });
    keep(await recordSales(sql, bus, payouts, courseFacts, logger));
    keep(await keepBuyers(sql, bus, logger));
    return {
      // No methods (issue 52, decision 0093): its routes call its use cases; the health check reports under its name.
      services: [{ definition: payoutsV1.PayoutsServiceService, implementation: {}, name: PAYOUTS_SERVICE_NAME }],
      // Its own routes call these directly (RunningService.useCases, issue 52).
      extras: { payouts, useCases: { payouts } },
    };
  });
}

/** Payouts in the service registry (decision 0011): sales, dues, settlements, statements, sales analytics. */
export const payoutsService = defineService({
  name: ServiceNames.payouts,
  api: payoutsApi,
  needs: { sql: true, bus: true, files: true },
  listens: { grpc: { port: 50056, healthName: PAYOUTS_SERVICE_NAME } },
  config: (env) => loadConfig(payoutsConfig, env),
  start: (ports, _config, ctx) => {
    return startPayouts({
      ...ports,
      ...serviceDepsOf(ctx),
      catalogueAddress: addressOf(ctx.endpoints, ServiceNames.catalogue, 'payouts'),
      publicUrl: ctx.publicUrl,
    });
  },
});
