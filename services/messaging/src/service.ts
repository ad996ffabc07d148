import { messagingV1, ServiceNames } from '@taal/contracts';
import {
  addressOf,
  composeService,
  serviceDepsOf,
  type ComposedService,
  type ServiceDeps,
  defineService,
  loadConfig,
  startPeriodicJob,
  type DocumentStore,
  type EventBus,
  type Mailer,
  type Sql,
  UserDataVersions,
} from '@taal/kit';
import { MassMails } from './app/mass-mail';
import type { AudienceSource } from './app/mass-mail-chunks';
import { TransactionalMails } from './app/transactional-mail';
import { mailFromEvents, type MailDirectory } from './events/mails';
import { Messaging } from './app/messaging';
import { messagingConfig } from './config';
import { notifyFromEvents } from './events/notifications';
import { grpcLookups, type CourseInstructors, type LearningLookup, type QuestionLookups } from './grpc/lookups';
import { startReviews } from './start-reviews';
import type { MessagingUseCases } from './api/shape';
import { MessagingDocuments } from './store/documents';
import { MailDocuments } from './store/mails';
import { moveFromSql } from './store/move-from-sql';
import { messagingApi } from './api';
import { LessonQuestions } from './app/questions';
import { QuestionDocuments } from './store/questions';
import { Conduct } from './app/conduct';
import { ConductItems } from './app/conduct-items';
import { ConductDocuments } from './store/conduct';

export interface MessagingDeps extends ServiceDeps {
  /** Messaging's documents (decision 0043): its database on FerretDB or MongoDB. */
  documents: DocumentStore;
  /** Where an install started before decision 0043 kept messaging's rows: moved once at start. */
  legacySql?: Sql;
  bus: EventBus;
  /** Mass mails go out through it. */
  mailer: Mailer;
  /** Told when a notification is added for a user (the edge's cached answers, decision 0033). */
  userData?: UserDataVersions;
  /** The site's public URL (unsubscribe links, and the links in transactional mails). */
  publicUrl?: () => string;
  /** How often the mass-mail job looks for pending recipients (default 1 s). */
  massMailIntervalMs?: number;
  /** Recipients per batch (default 250). */
  massMailBatchSize?: number;
  /** A page of a mass mail's audience (identity's ListMailAudience, decision 0088). */
  massMailAudience?: AudienceSource;
  /** Mass mails handed to the mail server at once (default 4). */
  massMailWindow?: number;
  /** Pause between two batches of a send (default none). */
  massMailBatchDelayMs?: number;
  /** Who a transactional mail's recipient is, and course titles (identity and the catalogue). */
  directory: MailDirectory;
  /** How often the transactional-mail job looks for mails due (default 500 ms). */
  mailIntervalMs?: number;
  /** Where a student stands in a course (learning), asked before a review or a lesson question. */
  learning?: LearningLookup;
  /** Who a course's instructor is (the catalogue), asked before a reply to a review. */
  courses?: CourseInstructors;
  /** A course's instructor and a lesson's title (catalogue, learning), for lesson questions (decision 0050). */
  questionLookups?: QuestionLookups;
}

export type RunningMessaging = ComposedService<{
  messaging: Messaging;
  store: MessagingDocuments;
  mailDocuments: MailDocuments;
  massMails: MassMails;
  mails: TransactionalMails;
  /** What its own routes call (issue 52). */
  useCases: MessagingUseCases;
}>;

export const MESSAGING_SERVICE_NAME = 'taal.messaging.v1.MessagingService';

/** Wires messaging: the kit's skeleton (gRPC server, stop order) around its documents, consumers and mail jobs. */
export function startMessaging(deps: MessagingDeps): Promise<RunningMessaging> {
  const { bus, logger } = deps;
  // Its documents are in the document store (decision 0043): no SQL schema, so no migrations or outbox relay here.
  return composeService({ ...deps, name: 'messaging' }, async ({ keep }) => {
    const store = new MessagingDocuments(deps.documents.connection);
    const mailDocuments = new MailDocuments(deps.documents.connection);
    await store.init();
    await mailDocuments.init();
    if (deps.legacySql) await moveFromSql(deps.legacySql, store, mailDocuments, logger);
    const conductDocuments = new ConductDocuments(deps.documents.connection);
    await conductDocuments.init();
    const messaging = new Messaging(store, undefined, deps.userData, conductDocuments);
    keep(await notifyFromEvents(bus, store, () => {}, deps.userData));
    const publicUrl = deps.publicUrl ?? (() => 'http://127.0.0.1:8080');
    const massMails = new MassMails(mailDocuments, deps.mailer, logger, {
      publicUrl,
      batchSize: deps.massMailBatchSize,
      audience: deps.massMailAudience,
      window: deps.massMailWindow,
    });
    const interrupted = await massMails.settleInterrupted();
    if (interrupted > 0) logger.warn({ interrupted }, 'mass-mail recipients interrupted by a crash while being mailed: not retried');

    // Transactional mails (decision 0023): queued from events, sent by their own job.
    const mails = new TransactionalMails(mailDocuments, deps.mailer, logger);
    keep(await mailFromEvents(bus, mails, deps.directory, publicUrl, logger));
    const reviews = keep(await startReviews({ documents: deps.documents, bus, learning: deps.learning, courses: deps.courses, logger }));
    let lastPruned = 0;
    keep(
      startPeriodicJob({
        name: 'transactional mail',
        intervalMs: deps.mailIntervalMs ?? 500,
        logger,
        run: async () => {
          for (let sent = await mails.sendBatch(); sent > 0; sent = await mails.sendBatch()) logger.info({ sent }, 'transactional mails sent');
          if (Date.now() - lastPruned > 3_600_000) {
            lastPruned = Date.now();
            await mails.prune();
          }
        },
      }),
    );
    keep(
      startPeriodicJob({
        name: 'mass mail audience',
        intervalMs: deps.massMailIntervalMs ?? 1000,
        logger,
        // Page after page of each audience being read (decision 0088), apart from the sending.
        run: async () => {
          while ((await massMails.queueAudiences()) > 0);
        },
      }),
    );
    keep(
      startPeriodicJob({
        name: 'mass mail',
        intervalMs: deps.massMailIntervalMs ?? 1000,
        logger,
        run: async () => {
          // Batch after batch while there is work; the next tick when there is none.
          const pause = deps.massMailBatchDelayMs ?? 0;
          for (let sent = await massMails.sendBatch(); sent > 0; sent = await massMails.sendBatch()) {
            logger.info({ sent }, 'mass mail batch sent');
            if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
          }
        },
      }),
    );

    // Questions under a lesson (decision 0050).
    const questionDocuments = new QuestionDocuments(deps.documents.connection);
    await questionDocuments.init();
    const lookups = deps.questionLookups ?? { course: async () => null, lesson: async () => null };
    const questions = new LessonQuestions({ questions: questionDocuments, notifications: store, mails, directory: deps.directory, learning: deps.learning, lookups, publicUrl, logger, userData: deps.userData });

    // Reports and blocks (decision 0076): each kind hidden through its own mechanism.
    const items = new ConductItems({
      messages: store.studentMessages,
      questions: questionDocuments,
      reviews: reviews.store,
      hideQuestion: (ctx, id, hidden) => questions.hide(ctx as Parameters<LessonQuestions['hide']>[0], { id, hidden }),
      reviewFigures: (courseId) => reviews.reviews.sendFigures(courseId),
    });
    const conduct = new Conduct(conductDocuments, items, store, deps.userData);

    return {
      services: [
        // No methods (issue 52): its routes call its use cases; the health check reports under its name.
        { definition: messagingV1.MessagingServiceService, implementation: {}, name: MESSAGING_SERVICE_NAME },
      ],
      // Its own routes call these directly (RunningService.useCases, issue 52).
      extras: { messaging, store, mailDocuments, massMails, mails, useCases: { messaging, massMails, questions, reviews: reviews.reviews, conduct } },
    };
  });
}

/** Messaging in the service registry (decision 0011): contact messages, student messages, notifications. */
export const messagingService = defineService({
  name: ServiceNames.messaging,
  api: messagingApi,
  needs: { documents: true, legacySql: true, bus: true, mail: true, cache: true },
  listens: { grpc: { port: 50057, healthName: MESSAGING_SERVICE_NAME } },
  config: (env) => loadConfig(messagingConfig, env),
  start: async (ports, config, ctx) => {
    const address = (name: string) => addressOf(ctx.endpoints, name, 'messaging');
    // One client per service messaging asks (identity, the catalogue, learning), closed when it stops.
    const lookups = grpcLookups(ctx.issuer, {
      identity: address(ServiceNames.identity),
      catalogue: address(ServiceNames.catalogue),
      learning: address(ServiceNames.learning),
    });
    const running = await startMessaging({
      ...ports,
      directory: lookups.directory,
      learning: lookups.learning,
      courses: lookups.courses,
      questionLookups: lookups.questions,
      massMailAudience: lookups.audience,
      ...serviceDepsOf(ctx),
      mailer: ports.mail,
      userData: new UserDataVersions(ports.cache, ctx.logger),
      publicUrl: ctx.publicUrl,
      massMailBatchSize: config.MASS_MAIL_BATCH_SIZE,
      massMailBatchDelayMs: config.MASS_MAIL_BATCH_DELAY_MS,
      massMailWindow: config.MASS_MAIL_WINDOW,
    });
    return {
      ...running,
      async stop() {
        await running.stop();
        lookups.close();
      },
    };
  },
});
