import path from 'node:path';
import { status as grpcStatus } from '@grpc/grpc-js';
import { catalogueV1, payoutsV1, ServiceNames } from '@taal/contracts';
import {
  addressOf,
  callUnary,
  composeService,
  createClient,
  defineService,
  keptFor,
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
import { payoutsGrpcService } from './grpc/payouts-service';
import { SCHEMA } from './store/schema';
import { payoutsApi } from './api';

export interface PayoutsServiceDeps extends SqlServiceDeps {
  files: FileStore;
  catalogueAddress: string;
  /** The site's public URL (mails link the instructor panel). */
  publicUrl?: () => string;
}

export type RunningPayouts = ComposedService<{ payouts: Payouts }>;

export const PAYOUTS_SERVICE_NAME = 'taal.payouts.v1.PayoutsService';

/** Wires payouts: the kit's skeleton (migrations, outbox relay, gRPC server, stop order) around its own parts. */
export function startPayouts(deps: PayoutsServiceDeps): Promise<RunningPayouts> {
  const { sql, bus, logger } = deps;
  // Settlement mails are asked of messaging through the outbox (decision 0023).
  return composeService({ ...deps, name: 'payouts', schema: { name: SCHEMA, migrations: path.join(__dirname, '..', 'migrations') } }, async ({ notify, keep }) => {
    const catalogue = keep(createClient(catalogueV1.CatalogueServiceClient, deps.catalogueAddress, { auth: { issuer: deps.auth.issuer, audience: ServiceNames.catalogue }, defaultDeadlineMs: 5000 }));

    // The catalogue as payouts itself (no user): a sold course and its instructor, drafts included.
    // Asked only for paid orders whose event predates their sale terms (decision 0053).
    // Remembered for a minute (an order's courses are asked once per event, five deliveries ask once).
    // A course the catalogue does not know is recorded without an instructor (decision 0016): its
    // money stays counted as the platform's, and the event does not block its partition forever.
    // Never null: a course the catalogue does not know has empty facts.
    const courseFacts = keptFor(60_000, async (courseId: string): Promise<CourseFacts> => {
      try {
        const { course } = await callUnary(catalogue, 'getCourse', catalogueV1.GetCourseRequest.fromPartial({ id: courseId, includeUnpublished: true }));
        const { instructor } = await callUnary(
          catalogue,
          'getInstructor',
          catalogueV1.GetInstructorRequest.fromPartial({ id: course!.instructorId, includeUnpublished: true }),
        );
        return { title: course!.title, instructorId: course!.instructorId, percentage: instructor?.percentage ?? 0 };
      } catch (err) {
        if ((err as { code?: number }).code !== grpcStatus.NOT_FOUND) throw err;
        logger.warn({ courseId }, 'a paid course the catalogue does not know: recorded without an instructor');
        return { title: '', instructorId: '', percentage: 0 };
      }
    });

    // The statement's instructor by name: the catalogue's profile, unpublished ones included; an
    // instructor the catalogue does not know is named by id (the statement still adds up).
    const instructorName = async (instructorId: string): Promise<string> => {
      try {
        const { instructor } = await callUnary(catalogue, 'getInstructor', catalogueV1.GetInstructorRequest.fromPartial({ id: instructorId, includeUnpublished: true }));
        return instructor?.name ?? '';
      } catch (err) {
        if ((err as { code?: number }).code !== grpcStatus.NOT_FOUND) throw err;
        return '';
      }
    };

    const payouts = new Payouts({ sql, files: deps.files, publicUrl: deps.publicUrl, afterCommit: notify, instructorName });
    keep(await recordSales(sql, bus, payouts, courseFacts, logger));
    keep(await keepBuyers(sql, bus, logger));
    return { services: [{ definition: payoutsV1.PayoutsServiceService, implementation: payoutsGrpcService(payouts) }], extras: { payouts } };
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
