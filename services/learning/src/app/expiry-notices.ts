/**
 * Expiry notices (issue 9; decisions 0015, 0023): 3 days before an enrolment ends and when it has
 * ended, once each per expiry, in the student's language (from identity.user.registered). A
 * notice is recorded together with its `messaging.mail.requested` in one transaction; messaging
 * renders and sends the mail, once per notice.
 */
import { requestMail } from '@taal/contracts';
import { createEnvelope, enqueueEvent, type Sql } from '@taal/kit';
import { dayOf, EXPIRY_NOTICE_DAYS } from '../domain/expiry-mail';
import type { LearningStore } from '../store/learning-store';
import { SCHEMA } from '../store/schema';

export class ExpiryNotices {
  constructor(
    private readonly sql: Sql,
    private readonly store: LearningStore,
    /** A course's title (the catalogue's), for the mail. */
    private readonly courseTitle: (courseId: string) => Promise<string>,
    private readonly publicUrl: () => string,
    /** After a run recorded notices (the outbox relay publishes them now). */
    private readonly afterCommit: () => void,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Asks for the mails due now; returns how many. */
  async run(): Promise<number> {
    let asked = 0;
    for (const due of await this.store.contacts.dueNotices(this.now(), EXPIRY_NOTICE_DAYS)) {
      const notice = { userId: due.user_id, courseId: due.course_id, kind: due.kind, expiresAt: due.expires_at };
      // The catalogue is asked before the transaction opens.
      const courseTitle = await this.courseTitle(due.course_id);
      const mail = requestMail(
        due.kind === 'soon' ? 'courseExpiring' : 'courseExpired',
        `course-${due.kind}:${due.user_id}:${due.course_id}:${due.expires_at.toISOString()}`,
        { to: due.email, name: due.name, language: due.language },
        {
          courseTitle,
          expiresOn: dayOf(due.expires_at, due.language),
          link: `${this.publicUrl().replace(/\/+$/, '')}/courseview?id=${due.course_id}`,
        },
      );
      const recorded = await this.sql.transaction(async (tx) => {
        if (!(await this.store.contacts.claimNotice(tx, notice))) return false;
        await enqueueEvent(tx, SCHEMA, createEnvelope(mail));
        return true;
      });
      if (recorded) asked++;
    }
    if (asked > 0) this.afterCommit();
    return asked;
  }
}
