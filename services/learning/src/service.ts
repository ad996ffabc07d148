import path from 'node:path';
import { catalogueServiceClient } from '@taal/catalogue/client';
import { DEMO_COURSE_IDS, learningV1, ServiceNames } from '@taal/contracts';
import { identityServiceClient } from '@taal/identity/client';
import {
  addressOf,
  composeService,
  serviceDepsOf,
  type ComposedService,
  type SqlServiceDeps,
  defineService,
  loadConfig,
  startPeriodicJob,
  type FileStore,
  UserDataVersions,
} from '@taal/kit';
import { seedDemoLessons } from './app/demo-lessons';
import { Certificates } from './app/certificates';
import { Exams } from './app/exams';
import { ExpiryNotices } from './app/expiry-notices';
import { HlsJobs, type HlsJobOptions } from './app/hls-jobs';
import { Learning } from './app/learning';
import { Practicals } from './app/practicals';
import { Practice } from './app/practice';
import { learningConfig } from './config';
import { keepContacts } from './events/contacts';
import { grantOnPayment } from './events/order-paid';
import { keepPracticeLog } from './events/practice-heard';
import { learningGrpcService } from './grpc/learning-service';
import { ExamStore } from './store/exams';
import { LearningStore } from './store/learning-store';
import { PracticalStore } from './store/practicals';
import { PracticeStore } from './store/practice';
import { SCHEMA } from './store/schema';
import { learningApi } from './api';
import type { LearningUseCases } from './api/shape';

export interface LearningDeps extends SqlServiceDeps {
  files: FileStore;
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

export type RunningLearning = ComposedService<{
  learning: Learning;
  store: LearningStore;
  /** Theory exams (decision 0072). */
  exams: Exams;
  /** Practical exams (decision 0079). */
  practicals: Practicals;
  /** Play-along passages and the practice log (decision 0081). */
  practice: Practice;
  notices: ExpiryNotices;
  /** The HLS transcoding jobs (decision 0032). */
  hls: HlsJobs;
  /** Resolves once the demo seed has run (immediately when there is none). */
  seeded: Promise<void>;
  /** What its own routes call (issue 52). */
  useCases: LearningUseCases;
}>;

export const LEARNING_SERVICE_NAME = 'taal.learning.v1.LearningService';

/** Wires learning: the kit's skeleton (migrations, outbox relay, gRPC server, stop order) around its own parts. */
export function startLearning(deps: LearningDeps): Promise<RunningLearning> {
  const { sql, bus, logger } = deps;
  // Mail and notification requests (decision 0023) leave through the outbox.
  return composeService({ ...deps, name: 'learning', schema: { name: SCHEMA, migrations: path.join(__dirname, '..', 'migrations') } }, async ({ notify, keep }) => {
    const store = new LearningStore(sql);
    const publicUrl = deps.publicUrl ?? (() => 'http://127.0.0.1:8080');
    // A course's title (mails) and instructor (who may play its paid lessons), asked of the
    // catalogue (drafts too) and kept a minute: an edit of the course shows within that. Null
    // for a course the catalogue does not have (not kept: it may be created any moment).
    const catalogue = keep(catalogueServiceClient(deps.catalogueAddress, deps.auth.issuer, { keepMs: 60_000 }));
    const course = (id: string) => catalogue.course(id, { drafts: true });
    const hls = new HlsJobs(sql, deps.files, logger, typeof deps.hls === 'object' ? deps.hls : {});
    const learning = new Learning(sql, store, deps.auth.issuer, deps.files, async (id) => (await course(id))?.instructorId ?? null, deps.now, hls, () => void deps.userData?.changedForEveryone());
    // Asked each time a certificate is read (nothing kept): a renamed student's shows at once.
    const identity = deps.identityAddress ? keep(identityServiceClient(deps.identityAddress, deps.auth.issuer)) : null;
    // One call for a page's students (a page of 100 requests asked 100 times before).
    const currentNames = identity ? async (ids: readonly string[]) => new Map((await identity.usersById(ids)).map((u) => [u.id, u.name] as const)) : undefined;
    const exams = new Exams(new ExamStore(sql), store, deps.files, async (id) => (await course(id))?.instructorId ?? null, deps.now);
    const practicals = new Practicals(sql, new PracticalStore(sql), store, deps.files, deps.auth.issuer, async (id) => (await course(id))?.instructorId ?? null, async (id) => (await course(id))?.title ?? '', notify, deps.now);
    // The certificate gate (decisions 0073, 0079): the theory exam's and the practical exam's.
    const certificates = new Certificates(sql, store, deps.files, publicUrl, notify, deps.now, currentNames, [exams.theoryGate, practicals.practicalGate]);
    keep(await grantOnPayment(sql, bus, learning, logger, deps.userData));
    keep(await keepContacts(sql, bus, store, logger));
    const practice = new Practice(sql, new PracticeStore(sql), store, async (id) => (await course(id))?.instructorId ?? null, notify, deps.now);
    keep(await keepPracticeLog(sql, bus, practice, logger));

    const notices = new ExpiryNotices(sql, store, async (id) => (await course(id))?.title ?? '', publicUrl, notify, deps.now);
    keep(
      startPeriodicJob({
        name: 'expiry mails',
        intervalMs: deps.expirySweepMs ?? 3_600_000,
        logger,
        run: async () => {
          const asked = await notices.run();
          if (asked > 0) logger.info({ asked }, 'expiry mails asked of messaging');
        },
      }),
    );

    const seeded = new Promise<void>((resolve) => {
      if (!deps.seedDemoData) return resolve();
      let done = false;
      // Retried until the catalogue answers (in cluster mode it may start later).
      keep(
        startPeriodicJob({
          name: 'demo lessons seed',
          intervalMs: 2000,
          firstRunMs: 0,
          logger,
          run: async () => {
            if (done) return;
            // The published demo courses, each asked by id: not the whole catalogue (an admin's own
            // course gets no demo lessons, and a grown catalogue outgrew one answer: 4 MB at ~9,000
            // courses, and the seed was retried every 2 s for good, reading every course each time).
            const published = await Promise.all(DEMO_COURSE_IDS.map((id) => catalogue.course(id)));
            const count = await seedDemoLessons(store, deps.files, published.flatMap((c) => (c ? [c.id] : [])), logger);
            if (count > 0) logger.info({ courses: count }, 'demo lessons seeded');
            // Their HLS jobs were queued with them.
            hls.notify();
            done = true;
            resolve();
          },
        }),
      );
    });

    // Every lesson with a video and no job yet (uploads from before the job existed) is queued; the
    // worker then transcodes one lesson at a time beside the API.
    const backfilled = await hls.backfill();
    if (backfilled > 0) logger.info({ lessons: backfilled }, 'HLS jobs queued for lessons without a ladder');
    if (deps.hls !== false) hls.start();
    keep(hls);
    return {
      services: [
        // Only what other processes call (issue 52): messaging's lookups, the catalogue's routes, the page records.
        { definition: learningV1.LearningServiceService, implementation: learningGrpcService(learning, certificates) },
      ],
      // Its own routes call these directly (RunningService.useCases, issue 52).
      extras: { learning, store, exams, practicals, practice, notices, hls, seeded, useCases: { learning, certificates, exams, practicals, practice } },
    };
  });
}

/** Learning in the service registry (decision 0011): lessons, videos, enrolments, progress. */
export const learningService = defineService({
  name: ServiceNames.learning,
  api: learningApi,
  needs: { sql: true, bus: true, files: true, cache: true },
  listens: { grpc: { port: 50054, healthName: LEARNING_SERVICE_NAME } },
  config: (env) => loadConfig(learningConfig, env),
  start: (ports, config, ctx) => {
    return startLearning({
      ...ports,
      userData: new UserDataVersions(ports.cache, ctx.logger),
      ...serviceDepsOf(ctx),
      catalogueAddress: addressOf(ctx.endpoints, ServiceNames.catalogue, 'learning'),
      // Optional: certificates then keep the name they were issued with.
      identityAddress: ctx.endpoints.find((e) => e.name === ServiceNames.identity)?.address,
      seedDemoData: config.SEED_DEMO_DATA,
      hls: config.LEARNING_HLS && { retryBaseMs: config.LEARNING_HLS_RETRY_SECONDS * 1000 },
      publicUrl: ctx.publicUrl,
    });
  },
});
