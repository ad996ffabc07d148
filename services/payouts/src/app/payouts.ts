import { randomUUID } from 'node:crypto';
import { dhakaDay, requestMail, type commerceEventsV1, type payoutsV1 } from '@taal/contracts';
import {
  PdfCopies,
  UserRoles,
  createEnvelope,
  enqueueEvent,
  refuse,
  refuseFields,
  requireIdentity,
  type CallerIdentity,
  type FileStore,
  type Sql,
  type SqlExecutor,
  PAGE_SIZE_MAX,
} from '@taal/kit';
import { monthRange, parseDay } from '../domain/days';
import { payoutRefusal, splitSale } from '../domain/split';
import { keptFigures } from '../store/kept-figures';
import { listCourseTotalsPage, listSalesPage, listSettlementsPage } from '../store/pages';
import { payoutsStore as store } from '../store/payouts-store';
import { SCHEMA } from '../store/schema';
import { STATEMENT_LAYOUT, statementPdf, type StatementContent } from './statement-pdf';

const ADMIN = UserRoles.admin;
const INSTRUCTOR = UserRoles.instructor;
/** gRPC's default message limit is 4 MiB; a receipt stays well below it. */
export const MAX_RECEIPT_BYTES = 3 * 1024 * 1024;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** What payouts needs from the catalogue for one sold course. */
export interface CourseFacts {
  title: string;
  instructorId: string;
  /** The instructor's share, percent. */
  percentage: number;
}

export interface PayoutsDeps {
  sql: Sql;
  files: FileStore;
  /** The site's public URL (the settlement mail links the instructor panel). */
  publicUrl?: () => string;
  /** After a transaction that enqueued events committed (the outbox relay publishes them now). */
  afterCommit?: () => void;
  /** An instructor's name (the catalogue's; '' when unknown): the statement names the instructor by it. */
  instructorName?: (instructorId: string) => Promise<string>;
}

/**
 * Who calls a use case: the caller's identity, as the gRPC handlers' CallContext and the routes'
 * `forCaller` (edge's callerFor: payouts' routes call these directly, issue 52) both carry it.
 */
export type PayoutsCaller = { identity: CallerIdentity | null };

export const isPdf = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';

function checkDay(value: string): void {
  if (!DAY.test(value) || parseDay(value) !== value) throw refuse('INVALID_DAY');
}

function checkRange(from: string, to: string): void {
  if (from) checkDay(from);
  if (to) checkDay(to);
  if (from && to && to < from) throw refuse('END_BEFORE_START');
}

/** Payouts' use cases: who may see what is decided here (the gateway only forwards). */
export class Payouts {
  private readonly pdfCopies: PdfCopies;

  constructor(private readonly deps: PayoutsDeps) {
    this.pdfCopies = new PdfCopies(deps.sql, `${SCHEMA}.pdf_copy`);
  }

  /** One sale per course of a paid order, in the consumer's transaction; a repeat changes nothing. */
  async recordOrder(tx: SqlExecutor, order: commerceEventsV1.OrderPaid, facts: ReadonlyMap<string, CourseFacts>): Promise<number> {
    const paidAt = order.paidAt || new Date().toISOString();
    const paidDay = dhakaDay(paidAt);
    let recorded = 0;
    for (const course of order.courses) {
      const known = facts.get(course.courseId);
      if (!known) throw new Error(`no catalogue facts for course ${course.courseId}`);
      const split = splitSale(Number(course.pricePaid), paidDay, known.percentage);
      const inserted = await store.insertSale(tx, {
        id: randomUUID(),
        orderId: order.orderId,
        courseId: course.courseId,
        courseTitle: known.title,
        instructorId: known.instructorId,
        userId: order.userId,
        voucherCode: order.voucherCode,
        voucherPercent: order.voucherPercent,
        coursePrice: Number(course.price),
        amountPaid: split.amountPaid,
        gatewayCut: split.gatewayCut,
        receivedAmount: split.receivedAmount,
        instructorPercentage: known.percentage,
        instructorEarning: split.instructorEarning,
        productCut: split.productCut,
        paidAt,
        paidDay,
      });
      if (inserted) recorded++;
    }
    return recorded;
  }

  /** The caller's own instructor profile (from the verified access token's `ins` claim; '' for admins). */
  myInstructor(ctx: PayoutsCaller): string {
    const who = requireIdentity(ctx, INSTRUCTOR, ADMIN);
    return who.userType === INSTRUCTOR ? (who.instructorId ?? '') : '';
  }

  /** Admins see every instructor; an instructor only their own profile (PERMISSION_DENIED otherwise). */
  private mayRead(ctx: PayoutsCaller, instructorId: string): void {
    const who = requireIdentity(ctx, ADMIN, INSTRUCTOR);
    if (who.userType === ADMIN) return;
    if (!who.instructorId || who.instructorId !== instructorId) throw refuse('NOT_YOUR_PAYOUTS');
  }

  async listSales(ctx: PayoutsCaller, req: payoutsV1.ListSalesRequest) {
    checkRange(req.fromDay, req.toDay);
    if (req.instructorId) this.mayRead(ctx, req.instructorId);
    else requireIdentity(ctx, ADMIN);
    // A keyset page, newest first (decision 0084): no answer grows with the sales.
    const filter = { instructorId: req.instructorId || undefined, courseId: req.courseId || undefined, fromDay: req.fromDay || undefined, toDay: req.toDay || undefined };
    const page = await listSalesPage(this.deps.sql, filter, req.cursor, req.limit);
    // An instructor's range as a whole, from the kept figures (the page is only a part of it).
    const rangeTotals = filter.instructorId ? await keptFigures.instructorRange(this.deps.sql, filter.instructorId, filter.fromDay, filter.toDay) : undefined;
    return { ...page, rangeTotals };
  }

  async instructorTotals(ctx: PayoutsCaller, instructorId: string) {
    if (!instructorId) throw refuse('INSTRUCTOR_ID_MISSING');
    this.mayRead(ctx, instructorId);
    return this.totalsOf(this.deps.sql, instructorId);
  }

  private async totalsOf(db: SqlExecutor, instructorId: string): Promise<payoutsV1.InstructorTotals> {
    const [totals] = await store.instructorTotals(db, instructorId);
    return (
      totals ?? { instructorId, saleCount: 0, amountPaid: 0, gatewayCut: 0, receivedAmount: 0, earnings: 0, productCut: 0, settled: 0, due: 0 }
    );
  }

  /** One instructor's courses (all: one instructor's, not the table), or every course a page at a time (decision 0084). */
  async courseTotalsOf(ctx: PayoutsCaller, instructorId: string, page?: { cursor: string; limit: number }) {
    if (instructorId) {
      this.mayRead(ctx, instructorId);
      return { courses: await store.courseTotals(this.deps.sql, instructorId), next: '' };
    }
    requireIdentity(ctx, ADMIN);
    return listCourseTotalsPage(this.deps.sql, page?.cursor ?? '', page?.limit ?? 0);
  }

  listInstructorTotals(ctx: PayoutsCaller, instructorIds: readonly string[] = []) {
    requireIdentity(ctx, ADMIN);
    // A page's instructors (at most a page, decision 0084), or every one.
    return store.instructorTotals(this.deps.sql, instructorIds.length ? instructorIds.slice(0, PAGE_SIZE_MAX) : undefined);
  }

  /**
   * Pays `amount` out of the instructor's due (admin). The account row is locked first, so
   * parallel requests are serialised and the due can never go below zero; a request repeated
   * with the same idempotency key answers as the first and pays nothing more.
   */
  async settleDue(ctx: PayoutsCaller, req: payoutsV1.SettleDueRequest): Promise<payoutsV1.InstructorTotals> {
    requireIdentity(ctx, ADMIN);
    if (!req.instructorId) throw refuse('INSTRUCTOR_ID_MISSING');
    const amount = Number(req.amount);
    return this.deps.sql.transaction(async (tx) => {
      const account = await store.accounts.lockAccount(tx, req.instructorId);
      if (req.idempotencyKey && (await store.accounts.findPayoutByKey(tx, req.instructorId, req.idempotencyKey))) {
        return this.totalsOf(tx, req.instructorId);
      }
      const refusal = payoutRefusal(amount, account.earnings - account.settled);
      if (refusal) throw refuse(refusal);
      await store.accounts.recordPayout(tx, { id: randomUUID(), instructorId: req.instructorId, amount, kind: 'due', key: req.idempotencyKey });
      return this.totalsOf(tx, req.instructorId);
    });
  }

  /**
   * Records a settlement with its PDF receipt (admin). Its received amount is paid out of the
   * due in the same transaction (never above it); a repeat with the same key returns the first.
   */
  async createSettlement(ctx: PayoutsCaller, req: payoutsV1.CreateSettlementRequest): Promise<payoutsV1.Settlement> {
    requireIdentity(ctx, ADMIN);
    if (!req.instructorId) throw refuse('INSTRUCTOR_ID_MISSING');
    const settleAmount = Number(req.settleAmount);
    const receivedAmount = Number(req.receivedAmount);
    if (!Number.isSafeInteger(settleAmount) || settleAmount < 0) throw refuseFields({ settleAmount: 'AMOUNT_NEGATIVE' });
    if (!Number.isSafeInteger(receivedAmount) || receivedAmount < 0) throw refuseFields({ receivedAmount: 'AMOUNT_NEGATIVE' });
    if (receivedAmount > settleAmount) throw refuseFields({ receivedAmount: 'RECEIVED_ABOVE_SETTLE' });
    if (!DAY.test(req.settleDay) || parseDay(req.settleDay) !== req.settleDay) throw refuseFields({ settleDate: 'INVALID_DAY' });
    if (!req.receipt?.length) throw refuseFields({ photo: 'RECEIPT_REQUIRED' });
    if (req.receipt.length > MAX_RECEIPT_BYTES) throw refuse('RECEIPT_TOO_LARGE');
    if (!isPdf(req.receipt)) throw refuseFields({ photo: 'RECEIPT_NOT_PDF' });

    const id = randomUUID();
    const receiptKey = `settlements/${req.instructorId}/${id}.pdf`;
    const stored = await this.deps.sql.transaction(async (tx) => {
      const account = await store.accounts.lockAccount(tx, req.instructorId);
      if (req.idempotencyKey) {
        const earlier = await store.accounts.findPayoutByKey(tx, req.instructorId, req.idempotencyKey);
        if (earlier?.settlement_id) return { settlement: (await store.settlements.getSettlement(tx, earlier.settlement_id))!, fresh: false };
      }
      if (receivedAmount > 0) {
        const refusal = payoutRefusal(receivedAmount, account.earnings - account.settled);
        if (refusal) throw refuse(refusal === 'ABOVE_DUE' ? 'RECEIVED_ABOVE_DUE' : refusal);
      }
      const settlement = await store.settlements.insertSettlement(tx, {
        id,
        instructorId: req.instructorId,
        settleAmount,
        receivedAmount,
        settleDay: req.settleDay,
        remarks: req.remarks.slice(0, 2000),
        status: req.status,
        receiptKey,
      });
      if (receivedAmount > 0) {
        await store.accounts.recordPayout(tx, {
          id: randomUUID(),
          instructorId: req.instructorId,
          amount: receivedAmount,
          kind: 'settlement',
          settlementId: id,
          key: req.idempotencyKey,
        });
      }
      // The instructor's accounts are mailed (decision 0023), asked for in this transaction.
      const base = (this.deps.publicUrl?.() ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
      const mail = requestMail('settlementPublished', `settlement:${id}`, { instructorId: req.instructorId }, {
        amount: settleAmount,
        settleDate: req.settleDay,
        link: `${base}/instructorpanel?tab=4`,
      });
      await enqueueEvent(tx, SCHEMA, createEnvelope(mail));
      // The receipt is written before the commit: a failed write rolls the settlement back.
      await this.deps.files.put(receiptKey, Buffer.from(req.receipt), 'application/pdf');
      return { settlement, fresh: true };
    });
    if (stored.fresh) this.deps.afterCommit?.();
    return stored.settlement;
  }

  async listSettlements(ctx: PayoutsCaller, req: Pick<payoutsV1.ListSettlementsRequest, 'instructorId' | 'cursor' | 'limit'>) {
    if (!req.instructorId) throw refuse('INSTRUCTOR_ID_MISSING');
    this.mayRead(ctx, req.instructorId);
    return listSettlementsPage(this.deps.sql, req.instructorId, req.cursor, req.limit);
  }

  async receipt(ctx: PayoutsCaller, settlementId: string) {
    requireIdentity(ctx, ADMIN, INSTRUCTOR);
    const settlement = settlementId ? await store.settlements.getSettlement(this.deps.sql, settlementId) : null;
    if (!settlement) throw refuse('SETTLEMENT_NOT_FOUND');
    this.mayRead(ctx, settlement.instructorId);
    const file = settlement.receiptKey ? await this.deps.files.get(settlement.receiptKey) : null;
    if (!file) throw refuse('RECEIPT_NOT_FOUND');
    const chunks: Buffer[] = [];
    for await (const chunk of file.body) chunks.push(Buffer.from(chunk as Buffer));
    return { pdf: Buffer.concat(chunks), instructorId: settlement.instructorId };
  }

  /** A month's statement: opening due, the month's sales and cuts, payouts, closing due. */
  async statement(ctx: PayoutsCaller, req: payoutsV1.GetStatementRequest): Promise<Buffer> {
    if (!req.instructorId) throw refuse('INSTRUCTOR_ID_MISSING');
    const month = monthRange(req.month);
    if (!month) throw refuse('INVALID_MONTH');
    this.mayRead(ctx, req.instructorId);
    const db = this.deps.sql;
    const [instructorName, opening, sales, payouts, settlements] = await Promise.all([
      this.deps.instructorName?.(req.instructorId) ?? '',
      store.balanceBefore(db, req.instructorId, month.from),
      store.listSales(db, { instructorId: req.instructorId, fromDay: month.from, toDay: month.to }),
      store.accounts.payoutsBetween(db, req.instructorId, month.from, month.to),
      store.settlements.listSettlements(db, req.instructorId, { fromDay: month.from, toDay: month.to }),
    ]);
    const content: StatementContent = {
      instructorId: req.instructorId,
      instructorName,
      month: month.month,
      language: req.language === 'bn' ? 'bn' : 'en',
      openingDue: opening.earnings - opening.settled,
      sales: [...sales].reverse(),
      payouts,
      settlements,
    };
    // Rendered again only when a sale, a payout or a settlement changed the month (decision 0065).
    return this.pdfCopies.get(`statement:${req.instructorId}:${month.month}:${content.language}`, STATEMENT_LAYOUT, content, () => statementPdf(content));
  }

  async social(): Promise<payoutsV1.SocialFigures> {
    const stored = await store.social.getSocial(this.deps.sql);
    return socialFigures(stored?.figures ?? {}, stored?.updatedAt ?? '');
  }

  async setSocial(ctx: PayoutsCaller, figures: payoutsV1.SocialFigures | undefined): Promise<payoutsV1.SocialFigures> {
    requireIdentity(ctx, ADMIN);
    const clean: Record<string, number> = {};
    for (const key of SOCIAL_KEYS) {
      const value = Number(figures?.[key] ?? 0);
      if (!Number.isSafeInteger(value) || value < 0) throw refuse('SOCIAL_FIGURE_INVALID', { name: key });
      clean[key] = value;
    }
    await store.social.setSocial(this.deps.sql, clean);
    return this.social();
  }

  async salesSummary(ctx: PayoutsCaller, req: payoutsV1.SalesSummaryRequest) {
    requireIdentity(ctx, ADMIN);
    checkDay(req.fromDay);
    checkDay(req.toDay);
    checkRange(req.fromDay, req.toDay);
    return store.salesSummary(this.deps.sql, req.fromDay, req.toDay);
  }
}

export const SOCIAL_KEYS = [
  'facebookLikes',
  'facebookFollowers',
  'facebookPosts',
  'facebookGroup',
  'instagramFollowers',
  'instagramPosts',
  'twitterFollowers',
  'twitterPosts',
  'linkedinFollowers',
  'linkedinPosts',
  'youtubeSubscribers',
  'youtubeVideos',
  'youtubeViews',
] as const satisfies readonly (keyof payoutsV1.SocialFigures)[];

function socialFigures(stored: Record<string, number>, updatedAt: string): payoutsV1.SocialFigures {
  const out = { updatedAt } as payoutsV1.SocialFigures;
  for (const key of SOCIAL_KEYS) out[key] = Number(stored[key] ?? 0);
  return out;
}
