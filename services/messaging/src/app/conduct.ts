/**
 * Reports and blocks (issue 53, decision 0076). Any signed-in user reports an item once; an admin
 * decides every report of an item at once (hide, restore, dismiss, or suspend: the item hidden, the
 * edge suspends the account) and each reporter is told the outcome by a notification. A student
 * blocks the instructor of a message they sent, an instructor the student who sent it; messages
 * and replies from a blocked sender are refused (SENDER_BLOCKED).
 */
import { UserRoles, type conductV1 } from '@taal/contracts';
import { plainText, refuse, requireIdentity, type CallerIdentity, type UserDataVersions } from '@taal/kit';
import { systemNotification } from '../domain/notification-texts';
import type { ConductDocuments, ReportDoc, ReportStatus } from '../store/conduct';
import { toConductReport } from '../store/conduct';
import type { MessagingDocuments } from '../store/documents';
import type { PageAsk } from '../store/pages';
import { isReportKind, type ConductItems } from './conduct-items';

type Ctx = { identity: CallerIdentity | null };
const { admin: ADMIN, instructor: INSTRUCTOR, student: STUDENT } = UserRoles;
const OUTCOMES: Readonly<Record<string, ReportStatus>> = {
  hide: 'hidden',
  restore: 'restored',
  dismiss: 'dismissed',
  suspend: 'suspended',
};

/** A party of a message as a block names it. */
export const studentParty = (userId: string) => `user:${userId}`;
export const instructorParty = (instructorId: string) => `instructor:${instructorId}`;

export class Conduct {
  constructor(
    private readonly store: ConductDocuments,
    private readonly items: ConductItems,
    private readonly notifications: MessagingDocuments,
    private readonly userData?: Pick<UserDataVersions, 'changed'>,
    private readonly onNotification: () => void = () => {},
  ) {}

  async report(ctx: Ctx, req: conductV1.ReportItemRequest): Promise<conductV1.ConductReport> {
    const me = requireIdentity(ctx);
    if (!isReportKind(req.kind)) throw refuse('REPORT_KIND_INVALID');
    const item = await this.items.read(req.kind, req.itemId);
    // A message and its reply are reported by their parties only (no one else can read them).
    const party =
      !item?.parties ||
      me.userType === ADMIN ||
      item.parties.student === me.userId ||
      (!!me.instructorId && item.parties.instructor === me.instructorId);
    if (!item || !party) throw refuse('REPORTED_ITEM_NOT_FOUND');
    if (item.senderId === me.userId) throw refuse('REPORT_OWN_ITEM');
    const doc = await this.store.addReport({
      kind: req.kind,
      itemId: req.itemId,
      reporterId: me.userId,
      reason: plainText(req.reason, 500),
      senderId: item.senderId,
      senderName: item.senderName,
      excerpt: plainText(item.text, 500),
      courseId: item.courseId,
    });
    if (!doc) throw refuse('ALREADY_REPORTED');
    // The reporter's answer names no writer (a review's writer is not named by user id, decision 0064): the queue does.
    return {
      ...toConductReport(doc, (await this.store.reportsOf(doc.kind, doc.itemId)).length),
      senderId: '',
      senderName: '',
      excerpt: '',
    };
  }

  /** A page of the queue (decision 0085), each report with how many reported its item. */
  async queue(ctx: Ctx, openOnly: boolean, ask: PageAsk): Promise<{ items: conductV1.ConductReport[]; next: string }> {
    requireIdentity(ctx, ADMIN);
    const { items: docs, next } = await this.store.queue(openOnly, ask);
    const counts = await this.store.reporterCounts(docs);
    return { items: docs.map((d) => toConductReport(d, counts.get(`${d.kind}:${d.itemId}`) ?? 1)), next };
  }

  /** Decides every report of the reported item; each reporter whose report changed is notified. */
  async decide(ctx: Ctx, req: conductV1.DecideReportRequest): Promise<conductV1.ConductReport> {
    const me = requireIdentity(ctx, ADMIN);
    const status = OUTCOMES[req.action];
    if (!status) throw refuse('REPORT_ACTION_INVALID');
    const report = await this.store.report(req.id);
    if (!report || !isReportKind(report.kind)) throw refuse('REPORT_NOT_FOUND');
    if (status !== 'dismissed') {
      await this.items.setHidden(
        ctx,
        report.kind,
        report.itemId,
        status !== 'restored',
        me.userId,
        `Reported: ${report.reason || report.kind}`,
      );
    }
    const changed = await this.store.decide(report.kind, report.itemId, status);
    await this.tellReporters(changed);
    return toConductReport(
      { ...report, status, decidedAt: new Date() },
      (await this.store.reportsOf(report.kind, report.itemId)).length,
    );
  }

  private async tellReporters(reports: readonly ReportDoc[]): Promise<void> {
    for (const r of reports) {
      const key = `report-decided:${r._id}:${r.status}`;
      await this.notifications.addNotification({
        userId: r.reporterId,
        ...systemNotification('reportDecided', { outcome: r.status, kind: r.kind }, key),
      });
      await this.userData?.changed(r.reporterId);
    }
    if (reports.length > 0) this.onNotification();
  }

  /** The caller blocks (or unblocks) the other party of a message they sent or received. */
  async block(ctx: Ctx, req: conductV1.BlockSenderRequest): Promise<conductV1.ConductBlock> {
    const me = requireIdentity(ctx, STUDENT, INSTRUCTOR);
    const item = await this.items.read('message', req.messageId);
    const parties = item?.parties;
    if (parties && me.userType === STUDENT && parties.student === me.userId) {
      return this.store.setBlock(
        studentParty(me.userId),
        instructorParty(parties.instructor),
        parties.instructorName,
        req.blocked,
      );
    }
    if (parties && me.userType === INSTRUCTOR && me.instructorId && parties.instructor === me.instructorId) {
      return this.store.setBlock(
        instructorParty(me.instructorId),
        studentParty(parties.student),
        item.senderName,
        req.blocked,
      );
    }
    throw refuse('BLOCK_TARGET_INVALID');
  }

  async blocks(ctx: Ctx): Promise<conductV1.ConductBlock[]> {
    const me = requireIdentity(ctx);
    return this.store.blocksOf([
      studentParty(me.userId),
      ...(me.instructorId ? [instructorParty(me.instructorId)] : []),
    ]);
  }
}
