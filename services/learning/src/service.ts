import path from 'node:path';
import { status } from '@grpc/grpc-js';
import type { Logger } from 'pino';
import { catalogueV1, DEMO_COURSE_IDS, identityV1, learningV1, ServiceNames } from '@taal/contracts';
import {
  callUnary,
  createClient,
  defineService,
  isGrpcStatusError,
  loadConfig,
  migrate,
  startGrpcServer,
  startOutboxRelay,
  startPeriodicJob,
  type EventBus,
  type FileStore,
  type PeriodicJob,
  type ServiceAuth,
  type Sql,
  UserDataVersions,
} from '@taal/kit';
import { seedDemoLessons } from './app/demo-lessons';
import { Certificates } from './app/certificates';
import { ExpiryNotices } from './app/expiry-notices';
import { HlsJobs, type HlsJobOptions } from './app/hls-jobs';
import { Learning } from './app/learning';
import { learningConfig } from './config';
import { keepContacts } from './events/contacts';
import { grantOnPayment } from './events/order-paid';
import { learningGrpcService } from './grpc/learning-service';
import { LearningStore } from './store/learning-store';
import { SCHEMA } from './store/schema';
import { learningApi } from './api';

export interface LearningDeps {
  sql: Sql;
  bus: EventBus;
  files: FileStore;
  logger: Logger;
  host: string;
  port: number;
  /** This service's keys: verifies every caller and signs the video URLs (decision 0015). */
  auth: ServiceAuth;
  /** Where the catalogue answers gRPC (the demo seed lists its courses). */
  catalogueAddress: string;
  /** Where identity answers gRPC: a certificate is read with its student's current name (decision 0042); without it, the name learning last heard of. */
  identityAddress?: string;
  /** Told when an enrolment granted from a paid order changes a student's classroom (the edge's cached answers, decision 0033). */
  userData?: UserDataVersions;
  seedDemoData?: boolean;
  /** The clock (tests move it to expire enrolments). */
  now?: () => Date;
  /** The site's public URL (certificates name their verification page; mails link to courses). */
  publicUrl?: () => string;
  /** How often expiry mails are looked for (default hourly). */
  expirySweepMs?: number;
  /**
   * The HLS transcoding worker (decision 0032): on unless false; options tune its retries (tests).
   * Off, the jobs are still queued (another replica transcodes them) and the MP4 plays meanwhile.
   */
  hls?: boolean | HlsJobOptions;
}

export interface RunningLearning {
  port: number;
  learning: Learning;
  store: LearningStore;
  notices: ExpiryNotices;
  /** The HLS transcoding jobs (decision 0032). */
  hls: HlsJobs;
  /** Resolves once the demo seed has run (immediately when there is none). */
  seeded: Promise<void>;
  stop(): Promise<void>;
}

export const LEARNING_SERVICE_NAME = 'taal.learning.v1.LearningService';

/** Wires learning (its composition root): migrations, the enrolment consumer, the demo seed, then the gRPC server. */
export async function startLearning(deps: LearningDeps): Promise<RunningLearning> {
  const { sql, bus, logger } = deps;
  await migrate(sql, { schema: SCHEMA, dir: path.join(__dirname, '..', 'migrations'), logger });
  const store = new LearningStore(sql);
  // Mail and notification requests (decision 0023) leave through the outbox.
  const relay = startOutboxRelay({ sql, schema: SCHEMA, bus, logger });
  const publicUrl = deps.publicUrl ?? (() => 'http://127.0.0.1:8080');
  const catalogue = createClient(catalogueV1.CatalogueServiceClient, deps.catalogueAddress, {
    auth: { issuer: deps.auth.issuer, audience: ServiceNames.catalogue },
    defaultDeadlineMs: 5000,
  });
  // A course's title (mails) and instructor (who may play its paid lessons), asked of the
  // catalogue (drafts too) and kept a minute: an edit of the course shows within that. Null
  // for a course the catalogue does not have (not kept: it may be created any moment).
  const findCourse = (id: string, includeUnpublished: boolean) =>
    callUnary(catalogue, 'getCourse', catalogueV1.GetCourseRequest.fromPartial({ id, includeUnpublished })).then(
      (answer) => answer.course,
      (err: unknown) => (isGrpcStatusError(err) && err.code === status.NOT_FOUND ? undefined : Promise.reject(err)),
    );
  const courses = new Map<string, { title: string; instructorId: string; until: number }>();
  const course = async (id: string) => {
    const known = courses.get(id);
    if (known && known.until > Date.now()) return known;
    const found = await findCourse(id, true);
    if (!found) return null;
    const entry = { title: found.title, instructorId: found.instructorId, until: Date.now() + 60_000 };
    courses.set(id, entry);
    return entry;
  };
  const hls = new HlsJobs(sql, deps.files, logger, typeof deps.hls === 'object' ? deps.hls : {});
  const learning = new Learning(sql, store, deps.auth.issuer, deps.files, async (id) => (await course(id))?.instructorId ?? null, deps.now, hls, () => void deps.userData?.changedForEveryone());
  const identity = deps.identityAddress
    ? createClient(identityV1.IdentityServiceClient, deps.identityAddress, { auth: { issuer: deps.auth.issuer, audience: ServiceNames.identity }, defaultDeadlineMs: 5000 })
    : null;
  const currentName = identity
    ? async (userId: string) => (await callUnary(identity, 'getUser', identityV1.GetUserRequest.fromPartial({ id: userId }))).user?.name ?? null
    : undefined;
  const certificates = new Certificates(sql, store, deps.files, publicUrl, () => relay.notify(), deps.now, currentName);
  const enrolments = await grantOnPayment(sql, bus, learning, logger, deps.userData);
  const contacts = await keepContacts(sql, bus, store, logger);

  const notices = new ExpiryNotices(sql, store, async (id) => (await course(id))?.title ?? '', publicUrl, () => relay.notify(), deps.now);
  const expiryMails = startPeriodicJob({
    name: 'expiry mails',
    intervalMs: deps.expirySweepMs ?? 3_600_000,
    logger,
    run: async () => {
      const asked = await notices.run();
      if (asked > 0) logger.info({ asked }, 'expiry mails asked of messaging');
    },
  });

  let seed: PeriodicJob<void> | undefined;
  const seeded = new Promise<void>((resolve) => {
    if (!deps.seedDemoData) return resolve();
    let done = false;
    // Retried until the catalogue answers (in cluster mode it may start later).
    seed = startPeriodicJob({
      name: 'demo lessons seed',
      intervalMs: 2000,
      firstRunMs: 0,
      logger,
      run: async () => {
        if (done) return;
        // The published demo courses, each asked by id: not the whole catalogue (an admin's own
        // course gets no demo lessons, and a grown catalogue outgrew one answer: 4 MB at ~9,000
        // courses, and the seed was retried every 2 s for good, reading every course each time).
        const published = await Promise.all(DEMO_COURSE_IDS.map((id) => findCourse(id, false)));
        const count = await seedDemoLessons(store, deps.files, published.flatMap((c) => (c ? [c.id] : [])), logger);
        if (count > 0) logger.info({ courses: count }, 'demo lessons seeded');
        // Their HLS jobs were queued with them.
        hls.notify();
        done = true;
        resolve();
      },
    });
  });

  // Every lesson with a video and no job yet (uploads from before the job existed) is queued; the
  // worker then transcodes one lesson at a time beside the API.
  const backfilled = await hls.backfill();
  if (backfilled > 0) logger.info({ lessons: backfilled }, 'HLS jobs queued for lessons without a ladder');
  if (deps.hls !== false) hls.start();

  const server = await startGrpcServer({
    host: deps.host,
    port: deps.port,
    auth: deps.auth.authenticator,
    logger,
    services: [{ definition: learningV1.LearningServiceService, implementation: learningGrpcService(learning, certificates) }],
  });
  server.health.setStatus(LEARNING_SERVICE_NAME, true);
  server.health.setStatus('', true);
  logger.info({ port: server.port }, 'learning ready');

  return {
    port: server.port,
    learning,
    store,
    notices,
    hls,
    seeded,
    async stop() {
      await server.stop();
      await hls.stop();
      await seed?.stop();
      await expiryMails.stop();
      await enrolments.stop();
      await contacts.stop();
      await relay.stop();
      catalogue.close();
    },
  };
}

/** Learning in the service registry (decision 0011): lessons, videos, enrolments, progress. */
export const learningService = defineService({
  name: ServiceNames.learning,
  api: learningApi,
  needs: { sql: true, bus: true, files: true, cache: true },
  listens: { grpc: { port: 50054, healthName: LEARNING_SERVICE_NAME } },
  config: (env) => loadConfig(learningConfig, env),
  start: (ports, config, ctx) => {
    const catalogue = ctx.endpoints.find((e) => e.name === ServiceNames.catalogue);
    if (!catalogue) throw new Error('learning needs the catalogue service, which the registry does not list before it');
    const identity = ctx.endpoints.find((e) => e.name === ServiceNames.identity);
    return startLearning({
      ...ports,
      userData: new UserDataVersions(ports.cache, ctx.logger),
      logger: ctx.logger,
      host: ctx.host,
      port: ctx.port,
      auth: { issuer: ctx.issuer, authenticator: ctx.authenticator() },
      catalogueAddress: catalogue.address,
      identityAddress: identity?.address,
      seedDemoData: config.SEED_DEMO_DATA,
      hls: config.LEARNING_HLS && { retryBaseMs: config.LEARNING_HLS_RETRY_SECONDS * 1000 },
      publicUrl: ctx.publicUrl,
    });
  },
});
