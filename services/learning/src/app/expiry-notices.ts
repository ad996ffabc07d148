/**
 * Expiry mails (issue 9; decision 0015): 3 days before an enrolment ends and when it has ended,
 * once each per expiry, in the student's language (from identity.user.registered). A notice is
 * claimed before it is sent and given back if sending fails, so a crash can at worst delay one.
 */
import type { Logger } from 'pino';
import type { Mailer } from '@taal/kit';
import { EXPIRY_NOTICE_DAYS, expiryMail } from '../domain/expiry-mail';
import type { LearningStore } from '../store/learning-store';

export class ExpiryNotices {
  constructor(
    private readonly store: LearningStore,
    private readonly mailer: Mailer,
    /** A course's title (the catalogue's), for the mail. */
    private readonly courseTitle: (courseId: string) => Promise<string>,
    private readonly publicUrl: () => string,
    private readonly logger: Logger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Sends what is due now; returns how many mails went out. */
  async run(): Promise<number> {
    let sent = 0;
    for (const due of await this.store.dueNotices(this.now(), EXPIRY_NOTICE_DAYS)) {
      const notice = { userId: due.user_id, courseId: due.course_id, kind: due.kind, expiresAt: due.expires_at };
      if (!(await this.store.claimNotice(notice))) continue;
      try {
        const mail = expiryMail(due.kind, due.language, {
          name: due.name,
          course: await this.courseTitle(due.course_id),
          expiresAt: due.expires_at,
          renewUrl: `${this.publicUrl().replace(/\/+$/, '')}/courseview?id=${due.course_id}`,
        });
        await this.mailer.send({ to: due.email, ...mail });
        sent++;
      } catch (err) {
        await this.store.releaseNotice(notice);
        this.logger.warn({ err, userId: due.user_id, courseId: due.course_id, kind: due.kind }, 'expiry mail not sent; retried on the next run');
      }
    }
    return sent;
  }
}
