/**
 * Certificates (decisions 0015, 0042): a student with an enrolment who completed every lesson of
 * the course asks for one, staff provide it, and providing makes a PDF with the certificate's
 * unique id. Anyone can verify a provided one. Whenever a certificate is read it carries the
 * student's current name; the name it was asked under stays on record (issuedName).
 */
import { randomUUID } from 'node:crypto';
import { requestMail, requestNotification, type learningV1 } from '@taal/contracts';
import {
  UserRoles,
  createEnvelope,
  enqueueEvent,
  refuse,
  requireIdentity,
  type CallerIdentity,
  type FileStore,
  type Sql,
} from '@taal/kit';
import { toCertificate, type CertificateRow } from '../store/certificates';
import type { LearningStore } from '../store/learning-store';
import { SCHEMA } from '../store/schema';
import { passGates, type CertificateGate } from './certificate-gate';
import { certificatePdf } from './certificate-pdf';

type Ctx = { identity: CallerIdentity | null };

export const CERTIFICATE_PAGE_SIZE = 20;
export const CertificateMessages = {
  requested: 'Your certificate request has been sent. We will let you know when it is ready.',
  pending: 'Your certificate request is pending.',
  provided: 'Your certificate has been provided.',
} as const;

const STAFF = [UserRoles.admin, UserRoles.content];
const isId = (v: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(v);

export class Certificates {
  constructor(
    private readonly sql: Sql,
    private readonly store: LearningStore,
    private readonly files: FileStore,
    /** The site's public URL: the PDF names the verification page. */
    private readonly publicUrl: () => string,
    /** After a transaction that enqueued events committed (the outbox relay publishes them now). */
    private readonly afterCommit: () => void,
    private readonly now: () => Date = () => new Date(),
    /** The students' names now, from identity, by id (one call for many; missing when unknown); without it, the names learning last heard of. */
    private readonly currentNames?: (userIds: readonly string[]) => Promise<ReadonlyMap<string, string>>,
    /** The exams a course may set, each passed before a certificate (decision 0073); none: lessons only. */
    private readonly gates: readonly CertificateGate[] = [],
  ) {}

  async request(ctx: Ctx, req: learningV1.RequestCertificateRequest): Promise<learningV1.RequestCertificateResponse> {
    const { userId } = requireIdentity(ctx, UserRoles.student);
    if (!req.courseId || !req.userName.trim() || !req.courseName.trim()) throw refuse('CERTIFICATE_FIELDS_REQUIRED');
    if (!(await this.store.enrolment(userId, req.courseId))) throw refuse('CERTIFICATE_NEEDS_PURCHASE');
    const existingBefore = await this.store.certificates.certificateOf(userId, req.courseId);
    if (existingBefore) return this.answerOf(existingBefore);
    // The spec's terms: a certificate follows completing every class of the course.
    const totals = (await this.store.classroomTotals(userId)).get(req.courseId);
    if (!totals || totals.lessons === 0 || totals.completed < totals.lessons) throw refuse('CERTIFICATE_NEEDS_ALL_LESSONS');
    // The terms: "passing theory and practical exams" too, for a course that sets them.
    const gated = await passGates(this.gates, userId, req.courseId);
    if ('refusal' in gated) throw refuse(gated.refusal);
    const created = await this.store.certificates.insertCertificate({
      id: randomUUID(),
      userId,
      courseId: req.courseId,
      userName: req.userName.trim(),
      userEmail: req.userEmail.trim(),
      courseName: req.courseName.trim(),
      exams: gated.passed,
    });
    if (created) return { outcome: 'success', message: CertificateMessages.requested, certificate: await this.current(created) };
    return this.answerOf((await this.store.certificates.certificateOf(userId, req.courseId))!);
  }

  private async answerOf(existing: CertificateRow): Promise<learningV1.RequestCertificateResponse> {
    return { outcome: existing.status, message: CertificateMessages[existing.status], certificate: await this.current(existing) };
  }

  /** The certificate as read now: the student's current name (identity's, copied to learning), the issued one kept beside it. */
  private async current(row: CertificateRow): Promise<learningV1.Certificate> {
    return toCertificate(row, await this.nameOf(row.user_id));
  }

  /** The student's current name: identity's (asked each time), else learning's copy; undefined keeps the issued one. */
  private async nameOf(userId: string): Promise<string | undefined> {
    return (await this.namesOf([userId])).get(userId);
  }

  /** Several students' current names in one call to identity, each missing one from learning's copy. */
  private async namesOf(userIds: readonly string[]): Promise<Map<string, string>> {
    const asked = this.currentNames ? await this.currentNames(userIds).catch(() => null) : null;
    const names = new Map<string, string>();
    for (const id of new Set(userIds)) {
      const name = asked?.get(id) || (await this.store.contacts.contact(id))?.name;
      if (name) names.set(id, name);
    }
    return names;
  }

  /** A student's own certificates, provided and pending, newest request first. */
  async mine(ctx: Ctx): Promise<learningV1.ListMyCertificatesResponse> {
    const { userId } = requireIdentity(ctx, UserRoles.student);
    const [rows, name] = await Promise.all([this.store.certificates.certificatesOf(userId), this.nameOf(userId)]);
    return { certificates: rows.map((r) => toCertificate(r, name)) };
  }

  /** The pending (the default) or the provided requests, a keyset page at a time, newest request first (decision 0084). */
  async list(ctx: Ctx, req: Partial<learningV1.ListCertificateRequestsRequest>): Promise<learningV1.ListCertificateRequestsResponse> {
    requireIdentity(ctx, ...STAFF);
    const status = req.status === 'provided' ? 'provided' : 'pending';
    const page = await this.store.certificates.certificatePage(status, req.cursor ?? '', req.limit || CERTIFICATE_PAGE_SIZE);
    const names = await this.namesOf(page.items.map((r) => r.user_id));
    return { certificates: page.items.map((r) => toCertificate(r, names.get(r.user_id))), total: 0, next: page.next };
  }

  /**
   * Marks it provided and stores its PDF; providing again answers the same certificate. The
   * student gets a mail and a notification (decision 0023), asked for in the same transaction.
   */
  async provide(ctx: Ctx, req: learningV1.ProvideCertificateRequest): Promise<learningV1.Certificate> {
    requireIdentity(ctx, ...STAFF);
    const existing = isId(req.id) ? await this.store.certificates.certificate(req.id) : null;
    if (!existing) throw refuse('CERTIFICATE_PROVIDE_FAILED');
    if (existing.status === 'provided') return this.current(existing);
    const at = this.now();
    const contact = await this.store.contacts.contact(existing.user_id);
    const name = (await this.nameOf(existing.user_id)) || existing.user_name;
    const pdf = await certificatePdf({
      id: existing.id,
      userName: name,
      courseName: existing.course_name,
      providedAt: at,
      exams: toCertificate(existing).exams,
      verifyUrl: `${this.publicUrl().replace(/\/+$/, '')}/certificate/${existing.id}`,
    });
    const key = `certificates/${existing.id}.pdf`;
    await this.files.put(key, pdf, 'application/pdf');
    const base = this.publicUrl().replace(/\/+$/, '');
    const to = { to: contact?.email || existing.user_email, name, language: contact?.language ?? 'en' };
    const mail = requestMail('certificateProvided', `certificate:${existing.id}`, to, { courseName: existing.course_name, link: `${base}/certificate/${existing.id}` });
    const notification = requestNotification(
      existing.user_id,
      `certificate:${existing.id}`,
      'certificateProvided',
      { course: existing.course_name, certificate: existing.id },
      `Your certificate for "${existing.course_name}" is ready.`,
    );
    const provided = await this.sql.transaction(async (tx) => {
      const row = await this.store.certificates.provideCertificate(tx, existing.id, key, at);
      if (!row) return null; // provided meanwhile by another call, which asked for the mail
      if (to.to) await enqueueEvent(tx, SCHEMA, createEnvelope(mail));
      await enqueueEvent(tx, SCHEMA, createEnvelope(notification));
      return row;
    });
    if (provided) this.afterCommit();
    return this.current(provided ?? (await this.store.certificates.certificate(existing.id))!);
  }

  async verify(req: learningV1.VerifyCertificateRequest): Promise<learningV1.Certificate> {
    const row = isId(req.id) ? await this.store.certificates.certificate(req.id) : null;
    if (!row || row.status !== 'provided') throw refuse('CERTIFICATE_NOT_FOUND');
    return this.current(row);
  }

  async pdf(req: learningV1.GetCertificatePdfRequest): Promise<Buffer> {
    const row = isId(req.id) ? await this.store.certificates.certificate(req.id) : null;
    if (!row || row.status !== 'provided' || !row.pdf_key) throw refuse('CERTIFICATE_NOT_FOUND');
    const file = await this.files.get(row.pdf_key);
    if (!file) throw refuse('CERTIFICATE_NOT_FOUND');
    const chunks: Buffer[] = [];
    for await (const chunk of file.body as AsyncIterable<Buffer>) chunks.push(chunk);
    return Buffer.concat(chunks);
  }
}
