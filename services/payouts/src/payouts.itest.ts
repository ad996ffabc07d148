/**
 * Payouts on both infrastructures (embedded, and the real Postgres and Kafka that tools/infra
 * starts): sales recorded once from `commerce.order.paid` (delivered five times), the split of
 * 200 random orders adding up to the poisha, parallel due settlements paying once, settlements
 * with PDF receipts (a non-PDF refused) and the monthly statement. The use cases are called as
 * payouts' own routes call them (issue 52): nothing calls payouts over gRPC, whose server answers health.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { CommerceEvents, commerceEventsV1, IdentityEvents, identityEventsV1, identityV1, payoutsV1 } from '@taal/contracts';
import { startCatalogue, type RunningCatalogue } from '@taal/catalogue';
import { credentials, makeGenericClientConstructor } from '@grpc/grpc-js';
import { service as healthService } from 'grpc-health-check';
import { callUnary, createDiskFileStore, createEnvelope, createLogger, createTestAuth, REASON_METADATA_KEY, type CallerIdentity } from '@taal/kit';
import { demoCourses, demoInstructors } from '../../catalogue/src/domain/demo-data';
import { backends, type Backend } from '../../../tools/testing/backends';
import { waitFor } from '../../../tools/testing/wait';
import { PAYOUTS_SERVICE_NAME, payoutsService, startPayouts, type RunningPayouts } from './service';
import { useCaseCalls } from './testing/use-case-calls';

const ADMIN: CallerIdentity = { userId: 'admin-1', userType: 1 };
const STUDENT: CallerIdentity = { userId: 'student-1', userType: 4 };
const logger = createLogger('payouts-test');
const auth = createTestAuth(['gateway', 'catalogue', 'payouts', 'identity']);
const published = demoCourses.filter((c) => c.published);
const percentageOf = (instructorId: string) => demoInstructors.find((i) => i.id === instructorId)!.percentage;

const paidEvent = (order: commerceEventsV1.OrderPaid) =>
  createEnvelope({ type: CommerceEvents.orderPaid, key: order.userId, payload: commerceEventsV1.OrderPaid.encode(order).finish() });

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** The words of a PDF's first page with their boxes, as poppler's pdftotext reads them (poppler-utils, .ci/run). */
function pdfWords(pdf: Uint8Array): { text: string; yMax: number }[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'taal-statement-'));
  try {
    writeFileSync(path.join(dir, 's.pdf'), pdf);
    const html = execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', path.join(dir, 's.pdf'), '-'], { encoding: 'utf8' });
    return [...html.matchAll(/<word [^>]*yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({ text: m[2]!, yMax: Number(m[1]) }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.each(backends)('payouts on %s infrastructure', (_name, makeBackend) => {
  let backend: Backend;
  let catalogue: RunningCatalogue;
  let payouts: RunningPayouts;
  const filesDir = mkdtempSync(path.join(os.tmpdir(), 'taal-payouts-files-'));

  // Its use cases as its routes call them (issue 52), as the admin unless told.
  let useCase: ReturnType<typeof useCaseCalls>;
  const call = <Res = Record<string, never>>(method: string, request: object, identity: CallerIdentity = ADMIN) => useCase<Res>(method, request, identity);
  const totals = async (instructorId: string) =>
    (await call<payoutsV1.GetInstructorTotalsResponse>('getInstructorTotals', { instructorId })).totals!;
  const salesOf = async (instructorId: string) => (await call<payoutsV1.ListSalesResponse>('listSales', { instructorId })).sales;

  beforeAll(async () => {
    backend = await makeBackend();
    catalogue = await startCatalogue({
      sql: backend.sql, bus: backend.bus, logger, host: '127.0.0.1', port: 0, seedDemoData: true, auth: auth.serviceAuth('catalogue'),
    });
    payouts = await startPayouts({
      sql: backend.sql, bus: backend.bus, files: createDiskFileStore(filesDir), logger, host: '127.0.0.1', port: 0,
      auth: auth.serviceAuth('payouts'), catalogueAddress: `127.0.0.1:${catalogue.port}`,
    });
    useCase = useCaseCalls(payouts.useCases);
  }, 120_000);

  afterAll(async () => {
    await payouts?.stop();
    await catalogue?.stop();
    await backend?.close();
    rmSync(filesDir, { recursive: true, force: true });
  });

  it('records one sale for the same commerce.order.paid delivered 5 times, split after the 2.5% gateway cut', async () => {
    const course = published[0]!;
    const orderId = randomUUID();
    const event = paidEvent(
      commerceEventsV1.OrderPaid.fromPartial({
        orderId, userId: STUDENT.userId, voucherCode: 'SAVE10', voucherPercent: 10, paidAt: '2024-03-10T10:00:00Z',
        courses: [{ courseId: course.id, tier: 'silver', validityDays: 30, price: 200_000, pricePaid: 180_000 }],
      }),
    );
    await backend.bus.publish([event, event, event, event, event]);
    await waitFor(async () => (await salesOf(course.instructorId)).some((s) => s.orderId === orderId), 'the sale');
    await new Promise((r) => setTimeout(r, 1000));
    const mine = (await salesOf(course.instructorId)).filter((s) => s.orderId === orderId);
    const pct = percentageOf(course.instructorId);
    const earning = Math.floor((175_500 * pct * 2 + 100) / 200);
    expect(mine).toEqual([
      expect.objectContaining({
        courseId: course.id, courseTitle: course.title, voucherCode: 'SAVE10', voucherPercent: 10, coursePrice: 200_000,
        amountPaid: 180_000, gatewayCut: 4_500, receivedAmount: 175_500, instructorPercentage: pct,
        instructorEarning: earning, productCut: 175_500 - earning,
      }),
    ]);
    // Orders paid before 22-5-2022 lose no gateway cut.
    const old = randomUUID();
    await backend.bus.publish([
      paidEvent(commerceEventsV1.OrderPaid.fromPartial({
        orderId: old, userId: STUDENT.userId, paidAt: '2022-05-21T10:00:00Z',
        courses: [{ courseId: course.id, tier: 'silver', validityDays: 30, price: 100_000, pricePaid: 100_000 }],
      })),
    ]);
    await waitFor(async () => (await salesOf(course.instructorId)).some((s) => s.orderId === old), 'the old sale');
    expect((await salesOf(course.instructorId)).find((s) => s.orderId === old)).toMatchObject({ gatewayCut: 0, receivedAmount: 100_000 });
  });

  it('records a sale by the title, instructor and percentage its event carries, asking the catalogue nothing (decision 0053)', async () => {
    // A course the catalogue does not know: asked, it would be recorded without an instructor.
    const instructorId = published[0]!.instructorId;
    const courseId = `sold-${randomUUID()}`;
    const orderId = randomUUID();
    await backend.bus.publish([
      paidEvent(commerceEventsV1.OrderPaid.fromPartial({
        orderId, userId: STUDENT.userId, paidAt: '2024-06-01T10:00:00Z',
        courses: [{ courseId, title: 'Sarod as sold', instructorId, instructorPercentage: 42, saleTermsKnown: true, tier: 'silver', validityDays: 30, price: 100_000, pricePaid: 100_000 }],
      })),
    ]);
    await waitFor(async () => (await salesOf(instructorId)).some((s) => s.orderId === orderId), 'the sale');
    // The percentage at the time of sale, not the catalogue's now.
    expect(percentageOf(instructorId)).not.toBe(42);
    expect((await salesOf(instructorId)).filter((s) => s.orderId === orderId)).toEqual([
      expect.objectContaining({ courseId, courseTitle: 'Sarod as sold', instructorPercentage: 42, receivedAmount: 97_500, instructorEarning: 40_950, productCut: 56_550 }),
    ]);
  });

  it("names the buyer in the sales table, from identity's registration (an instructor cannot ask identity)", async () => {
    const course = published[0]!;
    const buyer = `buyer-${randomUUID()}`;
    const registered = createEnvelope({
      type: IdentityEvents.userRegistered,
      key: buyer,
      payload: identityEventsV1.UserRegistered.encode({ user: identityV1.User.fromPartial({ id: buyer, name: 'Rafiq Islam', email: `${buyer}@example.com` }) }).finish(),
    });
    const orderId = randomUUID();
    await backend.bus.publish([
      registered,
      paidEvent(commerceEventsV1.OrderPaid.fromPartial({ orderId, userId: buyer, paidAt: '2024-04-01T10:00:00Z', courses: [{ courseId: course.id, tier: 'silver', validityDays: 30, price: 50_000, pricePaid: 50_000 }] })),
    ]);
    const teacher: CallerIdentity = { userId: `teacher-${randomUUID()}`, userType: 3, instructorId: course.instructorId };
    const named = async () => (await call<payoutsV1.ListSalesResponse>('listSales', { instructorId: course.instructorId }, teacher)).sales.find((s) => s.orderId === orderId)?.userName;
    await waitFor(async () => (await named()) === 'Rafiq Islam', 'the sale with its buyer’s name');
  });

  it('splits 200 random orders so that earnings + platform cut + gateway cut equal the amounts paid, to the poisha', async () => {
    const before = await call<payoutsV1.ListInstructorTotalsResponse>('listInstructorTotals', {});
    const paidBefore = before.instructors.reduce((n, t) => n + t.amountPaid, 0);
    const countBefore = before.instructors.reduce((n, t) => n + t.saleCount, 0);
    let paidTotal = 0;
    let lines = 0;
    const events = [];
    for (let i = 0; i < 200; i++) {
      const picks = [...published].sort(() => Math.random() - 0.5).slice(0, 1 + Math.floor(Math.random() * 3));
      const percent = Math.random() < 0.4 ? 1 + Math.floor(Math.random() * 100) : 0;
      const courses = picks.map((c) => {
        const price = 1 + Math.floor(Math.random() * 5_000_000);
        const pricePaid = price - Math.floor((price * percent) / 100);
        paidTotal += pricePaid;
        return { courseId: c.id, tier: 'gold', validityDays: 90, price, pricePaid };
      });
      lines += courses.length;
      const day = new Date(Date.UTC(2021, 0, 1) + Math.floor(Math.random() * 4 * 365) * 86_400_000).toISOString();
      events.push(paidEvent(commerceEventsV1.OrderPaid.fromPartial({
        orderId: randomUUID(), userId: `buyer-${i}`, voucherCode: percent ? `V${percent}` : '', voucherPercent: percent, paidAt: day, courses,
      })));
    }
    await backend.bus.publish(events);
    const all = async () => (await call<payoutsV1.ListInstructorTotalsResponse>('listInstructorTotals', {})).instructors;
    await waitFor(async () => (await all()).reduce((n, t) => n + t.saleCount, 0) === countBefore + lines, 'all 200 orders', { timeoutMs: 60_000 });
    const after = await all();
    expect(after.reduce((n, t) => n + t.amountPaid, 0) - paidBefore).toBe(paidTotal);
    for (const t of after) {
      expect(t.earnings + t.productCut + t.gatewayCut).toBe(t.amountPaid);
      expect(t.receivedAmount).toBe(t.amountPaid - t.gatewayCut);
    }
    const sales = (await call<payoutsV1.ListSalesResponse>('listSales', {})).sales;
    for (const s of sales) {
      expect(s.instructorEarning + s.productCut + s.gatewayCut).toBe(s.amountPaid);
      // Paid on or after 22-5-2022 in Bangladesh (UTC+6).
      const expectedGateway = new Date(s.paidAt).getTime() >= Date.parse('2022-05-21T18:00:00Z')
        ? Math.floor((s.amountPaid * 25 * 2 + 1000) / 2000) : 0;
      expect(s.gatewayCut).toBe(expectedGateway);
    }
  }, 120_000);

  it('pays a due once under 10 parallel settlements of the full due, and never above it', async () => {
    const instructorId = published[0]!.instructorId;
    const { due } = await totals(instructorId);
    expect(due).toBeGreaterThan(0);
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => call('settleDue', { instructorId, amount: due })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected')) {
      const refused = (r as PromiseRejectedResult).reason as { metadata: { get(key: string): unknown[] } };
      // The catalogue's key travels with its English text: the edge answers 400 ABOVE_DUE, the screens translate it.
      expect(refused).toMatchObject({ code: 3, details: 'The amount is above the due' });
      expect(refused.metadata.get(REASON_METADATA_KEY)).toEqual(['ABOVE_DUE']);
    }
    expect(await totals(instructorId)).toMatchObject({ due: 0 });
    await expect(call('settleDue', { instructorId, amount: 1 })).rejects.toMatchObject({ code: 3 });
    // A student may not settle.
    await expect(call('settleDue', { instructorId, amount: 1 }, STUDENT)).rejects.toMatchObject({ code: 7 });
  });

  it('answers a repeated settlement with the same key once, with a PDF receipt, and refuses a non-PDF', async () => {
    const instructorId = published.find((c) => c.instructorId !== published[0]!.instructorId)!.instructorId;
    const start = await totals(instructorId);
    const part = Math.floor(start.due / 3);
    expect(part).toBeGreaterThan(0);
    const request = { instructorId, settleAmount: part + 500, receivedAmount: part, settleDay: '2024-05-31', remarks: 'May', status: true, receipt: PDF, idempotencyKey: 'k-1' };
    const [a, b] = await Promise.all([
      call<payoutsV1.CreateSettlementResponse>('createSettlement', request),
      call<payoutsV1.CreateSettlementResponse>('createSettlement', request),
    ]);
    expect(a.settlement!.id).toBe(b.settlement!.id);
    expect(await totals(instructorId)).toMatchObject({ settled: start.settled + part, due: start.due - part });
    const list = (await call<payoutsV1.ListSettlementsResponse>('listSettlements', { instructorId })).settlements;
    expect(list).toEqual([expect.objectContaining({ settleAmount: part + 500, receivedAmount: part, settleDay: '2024-05-31', status: true, hasReceipt: true })]);
    const receipt = await call<payoutsV1.GetReceiptResponse>('getReceipt', { settlementId: a.settlement!.id });
    expect(Buffer.from(receipt.pdf).equals(PDF)).toBe(true);
    await expect(call('createSettlement', { ...request, idempotencyKey: '', receipt: Buffer.from('GIF89a not a pdf') })).rejects.toMatchObject({
      code: 3, details: 'The receipt must be a PDF file',
    });
    await expect(call('createSettlement', { ...request, idempotencyKey: '', settleAmount: start.due * 2, receivedAmount: start.due * 2 })).rejects.toMatchObject({
      code: 3, details: 'The received amount is above the due',
    });
  });

  it('takes a Not Settled record\'s received amount off the due (a partly paid period), and nothing when it received 0 (decision 0021)', async () => {
    const instructorId = published.find((c) => c.instructorId !== published[0]!.instructorId)!.instructorId;
    const start = await totals(instructorId);
    const received = Math.floor(start.due / 4);
    expect(received).toBeGreaterThan(0);
    const base = { instructorId, settleDay: '2024-06-30', remarks: 'June, part', receipt: PDF, idempotencyKey: '' };
    const { settlement } = await call<payoutsV1.CreateSettlementResponse>('createSettlement', { ...base, settleAmount: received * 2, receivedAmount: received, status: false });
    // The money received was paid: the instructor's due falls by it; the record keeps the rest open.
    expect(await totals(instructorId)).toMatchObject({ settled: start.settled + received, due: start.due - received });
    const listed = (await call<payoutsV1.ListSettlementsResponse>('listSettlements', { instructorId })).settlements.find((x) => x.id === settlement!.id);
    expect(listed).toMatchObject({ status: false, settleAmount: received * 2, receivedAmount: received });
    // A Not Settled record that received nothing moves no money.
    await call('createSettlement', { ...base, remarks: 'July, nothing yet', settleAmount: received, receivedAmount: 0, status: false });
    expect(await totals(instructorId)).toMatchObject({ settled: start.settled + received, due: start.due - received });
  });

  it('generates a monthly statement PDF whose totals add up', async () => {
    const instructorId = published[0]!.instructorId;
    const { pdf } = await call<payoutsV1.GetStatementResponse>('getStatement', { instructorId, month: '2024-03', language: 'bn' });
    expect(Buffer.from(pdf).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(2000);
    // The instructor is named (the catalogue's name, not the id), and the line's Bengali label and
    // Latin name sit on one baseline (issue 28, item 9: Latin was set higher than Bengali).
    const name = demoInstructors.find((i) => i.id === instructorId)!.name;
    const words = pdfWords(pdf);
    const text = words.map((w) => w.text).join(' ');
    expect(text).toContain(name);
    expect(text).not.toContain(instructorId);
    // The label's last word ('প্রশিক্ষক:') and the name's first: one font family, so equal boxes are one baseline.
    const first = words.findIndex((w) => w.text === name.split(' ')[0]);
    const label = words[first - 1]!;
    expect(label.text).toMatch(/[\u0980-\u09FF]+:$/);
    expect(Math.abs(label.yMax - words[first]!.yMax)).toBeLessThan(0.05);
    // Its month and figures in Bengali digits (the order ids, not figures, stay as they are).
    expect(text).toContain('০৩-২০২৪');
    expect(text).not.toContain('03-2024');
    const en = await call<payoutsV1.GetStatementResponse>('getStatement', { instructorId, month: '2024-03', language: 'en' });
    const enText = pdfWords(en.pdf).map((w) => w.text).join(' ');
    expect(enText).toContain(`Instructor: ${name}`);
    expect(enText).toContain('Month: 03-2024');
    await expect(call('getStatement', { instructorId, month: '2024-13' })).rejects.toMatchObject({ code: 3 });
  });

  it('shows an instructor their own sales, totals, settlements, receipts and statements only (PERMISSION_DENIED otherwise)', async () => {
    const mineId = published[0]!.instructorId;
    const otherId = published.find((c) => c.instructorId !== mineId)!.instructorId;
    const me: CallerIdentity = { userId: 'instructor-account-1', userType: 3, instructorId: mineId };
    expect((await call<payoutsV1.ListSalesResponse>('listSales', { instructorId: mineId }, me)).sales.length).toBeGreaterThan(0);
    expect((await call<payoutsV1.GetInstructorTotalsResponse>('getInstructorTotals', { instructorId: mineId }, me)).totals!.instructorId).toBe(mineId);
    await call('listSettlements', { instructorId: mineId }, me);
    const denied = { code: 7, details: 'You may only see your own sales and settlements' };
    await expect(call('listSales', { instructorId: otherId }, me)).rejects.toMatchObject(denied);
    await expect(call('listSales', {}, me)).rejects.toMatchObject({ code: 7 });
    await expect(call('getInstructorTotals', { instructorId: otherId }, me)).rejects.toMatchObject(denied);
    await expect(call('listSettlements', { instructorId: otherId }, me)).rejects.toMatchObject(denied);
    await expect(call('getStatement', { instructorId: otherId, month: '2024-03' }, me)).rejects.toMatchObject(denied);
    const [theirs] = (await call<payoutsV1.ListSettlementsResponse>('listSettlements', { instructorId: otherId })).settlements;
    await expect(call('getReceipt', { settlementId: theirs!.id }, me)).rejects.toMatchObject(denied);
    // An instructor account without a profile, and a student, see nothing.
    await expect(call('listSales', { instructorId: mineId }, { userId: 'x', userType: 3 })).rejects.toMatchObject({ code: 7 });
    await expect(call('listSales', { instructorId: mineId }, STUDENT)).rejects.toMatchObject({ code: 7 });
    await expect(call('settleDue', { instructorId: mineId, amount: 1 }, me)).rejects.toMatchObject({ code: 7 });
    expect(await call<payoutsV1.MyInstructorResponse>('myInstructor', {}, me)).toEqual({ instructorId: mineId });
  });

  it('refuses reversed or unparsable ranges', async () => {
    await expect(call('listSales', { instructorId: published[0]!.instructorId, fromDay: '2024-05-02', toDay: '2024-05-01' })).rejects.toMatchObject({
      code: 3, details: 'The end date is before the start date',
    });
    await expect(call('salesSummary', { fromDay: '2024-02-31', toDay: '2024-05-01' })).rejects.toMatchObject({ code: 3 });
  });

  it('reports SERVING under its service name, though no method is left on it (issue 52)', async () => {
    const Health = makeGenericClientConstructor(healthService, 'grpc.health.v1.Health');
    const health = new Health(`127.0.0.1:${payouts.port}`, credentials.createInsecure());
    try {
      expect(payoutsService.listens).toEqual({ grpc: { port: 50056, healthName: PAYOUTS_SERVICE_NAME } });
      const check = (service: string) => callUnary<{ service: string }, { status: string | number }>(health, 'check', { service }, { deadlineMs: 5000 });
      expect(['SERVING', 1]).toContain((await check(PAYOUTS_SERVICE_NAME)).status);
      // The retired methods are gone from the wire (nothing but payouts' own routes called them).
      expect(Object.keys(payoutsV1.PayoutsServiceService)).toEqual([]);
    } finally {
      health.close();
    }
  });
});
