/**
 * Reports and blocks (issue 53, decision 0076). A report is one user's report of one item: its
 * `key` (kind, item, reporter) is unique, so a user reports an item once however fast they click.
 * A block is one party's block of the other (`_id` blocker>blocked): blocking twice is one upsert.
 */
import { randomUUID } from 'node:crypto';
import { Schema, type Connection } from 'mongoose';
import type { conductV1 } from '@taal/contracts';
import { isDuplicateKey, iso } from './schema';
import { documentPage, type PageAsk } from './pages';
import { anyOf } from './any-of';

export type ReportStatus = 'open' | 'hidden' | 'restored' | 'dismissed' | 'suspended';

export interface ReportDoc {
  _id: string;
  key: string;
  kind: string;
  itemId: string;
  reporterId: string;
  reason: string;
  senderId: string;
  senderName: string;
  excerpt: string;
  courseId: string;
  status: ReportStatus;
  createdAt: Date;
  decidedAt: Date | null;
}
interface BlockDoc {
  _id: string;
  blocker: string;
  blocked: string;
  blockedName: string;
  createdAt: Date;
}

const reportSchema = new Schema<ReportDoc>(
  {
    _id: String,
    key: String,
    kind: String,
    itemId: String,
    reporterId: String,
    reason: String,
    senderId: String,
    senderName: String,
    excerpt: String,
    courseId: String,
    status: String,
    createdAt: Date,
    decidedAt: Date,
  },
  { versionKey: false },
);
reportSchema.index({ key: 1 }, { unique: true });
reportSchema.index({ kind: 1, itemId: 1 });
// The back office's queue, a page at a time (decision 0085): every report, or the open ones.
reportSchema.index({ createdAt: -1, _id: -1 });
reportSchema.index({ status: 1, createdAt: -1, _id: -1 });
reportSchema.index({ itemId: 1 });
const blockSchema = new Schema<BlockDoc>(
  { _id: String, blocker: String, blocked: String, blockedName: String, createdAt: Date },
  { versionKey: false },
);
blockSchema.index({ blocker: 1, createdAt: -1 });

export class ConductDocuments {
  private readonly reports;
  private readonly blocks;

  constructor(connection: Connection) {
    this.reports = connection.model('ConductReport', reportSchema, 'conduct_reports');
    this.blocks = connection.model('ConductBlock', blockSchema, 'conduct_blocks');
  }

  async init(): Promise<void> {
    await this.reports.createIndexes();
    await this.blocks.createIndexes();
  }

  /** A new report; null when this reporter has reported this item already. */
  async addReport(
    input: Omit<ReportDoc, '_id' | 'key' | 'status' | 'createdAt' | 'decidedAt'>,
  ): Promise<ReportDoc | null> {
    const doc: ReportDoc = {
      _id: randomUUID(),
      key: `${input.kind}:${input.itemId}:${input.reporterId}`,
      ...input,
      status: 'open',
      createdAt: new Date(),
      decidedAt: null,
    };
    try {
      await this.reports.create(doc);
      return doc;
    } catch (err) {
      if (isDuplicateKey(err)) return null;
      throw err;
    }
  }

  async report(id: string): Promise<ReportDoc | null> {
    return this.reports.findById(id).lean<ReportDoc>();
  }

  /** A page of the queue, newest first: every report or the open ones. */
  async queue(openOnly: boolean, ask: PageAsk) {
    return documentPage<ReportDoc>(this.reports, openOnly ? 'reports:open' : 'reports', openOnly ? { status: 'open' } : {}, ask);
  }

  /** How many reports each of these items has (`kind:itemId` → count). */
  async reporterCounts(items: readonly { kind: string; itemId: string }[]): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    if (items.length === 0) return counts;
    const docs = await this.reports.find(anyOf('itemId', items.map((i) => i.itemId))!, { kind: 1, itemId: 1 }).lean<Pick<ReportDoc, 'kind' | 'itemId'>[]>();
    for (const d of docs) counts.set(`${d.kind}:${d.itemId}`, (counts.get(`${d.kind}:${d.itemId}`) ?? 0) + 1);
    return counts;
  }

  async reportsOf(kind: string, itemId: string): Promise<ReportDoc[]> {
    return this.reports.find({ kind, itemId }).lean<ReportDoc[]>();
  }

  /** Every report of the item given the decision; those whose status changed (their reporters are told). */
  async decide(kind: string, itemId: string, status: ReportStatus): Promise<ReportDoc[]> {
    const changed = await this.reports.find({ kind, itemId, status: { $ne: status } }).lean<ReportDoc[]>();
    if (changed.length === 0) return [];
    await this.reports.updateMany(
      anyOf('_id', changed.map((r) => r._id))!,
      { $set: { status, decidedAt: new Date() } },
    );
    return changed.map((r) => ({ ...r, status }));
  }

  async setBlock(
    blocker: string,
    blocked: string,
    blockedName: string,
    on: boolean,
  ): Promise<conductV1.ConductBlock> {
    const _id = `${blocker}>${blocked}`;
    const createdAt = new Date();
    if (on)
      await this.blocks.updateOne(
        { _id },
        { $setOnInsert: { blocker, blocked, blockedName, createdAt } },
        { upsert: true },
      );
    else await this.blocks.deleteOne({ _id });
    return { blocked, blockedName, createdAt: on ? iso(createdAt) : '' };
  }

  async isBlocked(blocker: string, blocked: string): Promise<boolean> {
    return (await this.blocks.countDocuments({ _id: `${blocker}>${blocked}` })) > 0;
  }

  async blocksOf(blockers: readonly string[]): Promise<conductV1.ConductBlock[]> {
    const match = anyOf('blocker', blockers);
    if (!match) return [];
    const docs = await this.blocks
      .find(match)
      .sort({ createdAt: -1 })
      .limit(500)
      .lean<BlockDoc[]>();
    return docs.map((d) => ({ blocked: d.blocked, blockedName: d.blockedName, createdAt: iso(d.createdAt) }));
  }
}

export const toConductReport = (d: ReportDoc, reporters: number): conductV1.ConductReport => ({
  id: d._id,
  kind: d.kind,
  itemId: d.itemId,
  reporterId: d.reporterId,
  reason: d.reason,
  senderId: d.senderId,
  senderName: d.senderName,
  excerpt: d.excerpt,
  status: d.status,
  createdAt: iso(d.createdAt),
  decidedAt: iso(d.decidedAt),
  courseId: d.courseId,
  reporters,
});
