/**
 * Messaging as the mail sender for another service's integration test (decision 0023): services
 * ask messaging for their mails through `messaging.mail.requested`, so a test that reads a mail
 * starts the real messaging service on the same backend (its document store, the same bus) and mailer.
 * Mails are sent asynchronously: read them with a polling helper (waitForMailLink, waitFor).
 */
import { createLogger, type Mailer, type TestAuth } from '@taal/kit';
import type { MailDirectory } from '../../services/messaging/src/events/mails';
import { grpcLookups } from '../../services/messaging/src/grpc/lookups';
import { startMessaging, type RunningMessaging } from '../../services/messaging/src/service';
import type { Backend } from './backends';

/**
 * `auth` must know the 'messaging' service. With identity's address messaging reads recipients
 * (receipts, mails to a user or an instructor) from it; without, no user is known to it (a test
 * without identity sends only mails addressed by e-mail), so a paid order's receipt is skipped
 * instead of waiting for an identity that never answers. The catalogue names a receipt's courses.
 */
export async function startMailSender(options: {
  backend: Backend;
  mailer: Mailer;
  auth: TestAuth;
  identityAddress?: string;
  catalogueAddress?: string;
  publicUrl?: string;
}): Promise<RunningMessaging> {
  const auth = options.auth.serviceAuth('messaging');
  return startMessaging({
    documents: await options.backend.documents(),
    bus: options.backend.bus,
    logger: createLogger('messaging-test', 'warn'),
    host: '127.0.0.1',
    port: 0,
    auth,
    mailer: options.mailer,
    publicUrl: () => options.publicUrl ?? 'http://taal.test',
    directory: directoryOf(grpcLookups(auth.issuer, { identity: options.identityAddress ?? '127.0.0.1:1', catalogue: options.catalogueAddress ?? '127.0.0.1:1' }).directory, options),
    mailIntervalMs: 100,
  });
}

function directoryOf(real: MailDirectory, options: { identityAddress?: string; catalogueAddress?: string }): MailDirectory {
  return {
    user: (id) => (options.identityAddress ? real.user(id) : Promise.resolve(null)),
    instructorAccounts: (id) => (options.identityAddress ? real.instructorAccounts(id) : Promise.resolve([])),
    courseTitle: (id) => (options.catalogueAddress ? real.courseTitle(id) : Promise.resolve('')),
  };
}
