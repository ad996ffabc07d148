/**
 * The spec's rules that had no test of their own when the spec audit became a checked artefact
 * (docs/spec-audit.md, issue 53), through the gateway on the all-in-one process:
 * - back office §5, date-range filter: both from and to dates are needed (one alone is refused);
 * - back office §5, store category: name, image (a data URL) and description are each required;
 * - back office §5, settlement form: the amounts, the date, the status, the remarks and the receipt
 *   are required (the remarks were taken blank before);
 * - back office §5, store product: every field required on create;
 * - the terms' "payments non-refundable": no student can give money back to themself; a wallet
 *   credit (refund or goodwill) is the back office's alone, and a refused one changes nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { startAllInOne } from '@taal/launcher';
import { refusalText } from '@taal/contracts';
import { gatewayApi } from '../../../tools/testing/gateway-api';
import { pngImage } from '../../../tools/testing/images';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

describe("the spec's rules the audit found without a test", () => {
  let dataDir: string;
  let taal: Awaited<ReturnType<typeof startAllInOne>>;
  let base: string;
  const { request, get, post, login, signUpVerified } = gatewayApi(() => base);
  let admin: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'taal-spec-rules-'));
    taal = await startAllInOne({ PORT: '0', DATA_DIR: dataDir, HOST: '127.0.0.1' });
    base = `http://127.0.0.1:${taal.port}`;
    admin = (await login('admin@taal.local', 'admin123')).token;
  }, 60_000);

  afterAll(async () => {
    await taal?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('date-range filter: a from date without a to date, or a to date without a from date, is refused (INVALID_DATE_RANGE)', async () => {
    const range = { status: 400, body: { reason: 'INVALID_DATE_RANGE', message: refusalText('INVALID_DATE_RANGE') } };
    for (const list of ['/order/page', '/user/page']) {
      expect({ list, answer: await get(`${list}?from=2024-01-01`, admin) }).toMatchObject({ list, answer: range });
      expect({ list, answer: await get(`${list}?to=2024-01-31`, admin) }).toMatchObject({ list, answer: range });
      expect({ list, status: (await get(`${list}?from=2024-01-01&to=2024-01-31`, admin)).status }).toEqual({ list, status: 200 });
    }
  });

  it('store category: name, image and description are each required (This is required), and nothing is created', async () => {
    const image = `data:image/png;base64,${Buffer.from(await pngImage(20, 20)).toString('base64')}`;
    const good = { name: `Eid ${randomUUID().slice(0, 6)}`, image, description: 'For Eid' };
    for (const field of ['name', 'image', 'description'] as const) {
      const res = await post('/store/category/create/', { ...good, [field]: ' ' }, admin);
      expect({ field, status: res.status, reasons: res.body.fieldReasons }).toEqual({ field, status: 400, reasons: { [field]: 'THIS_IS_REQUIRED' } });
    }
    expect((await get('/store/category/')).body.data.map((c: { name: string }) => c.name)).not.toContain(good.name);
    expect((await post('/store/category/create/', good, admin)).status).toBe(201);
  });

  it('settlement form: the settle and received amounts, the date, the status, the remarks and a receipt are required', async () => {
    const profile = (await post('/user/login/', { email: 'instructor@taal.local', password: 'instructor123' })).body.data.user.instructor as string;
    const before = (await get(`/instructor/earnings/${profile}`, admin)).body.data.due as number;
    const settlements = async () => ((await get(`/instructor/settlement/${profile}`, admin)).body.data as unknown[]).length;
    const published = await settlements();
    const fields = { settleAmount: '0', receivedAmount: '0', settleDate: '2024-01-31', remarks: 'January', status: 'false' };
    const form = (leaveOut: string) => {
      const f = new FormData();
      for (const [k, v] of Object.entries(fields)) if (k !== leaveOut) f.set(k, v);
      if (leaveOut !== 'photo') f.set('photo', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'receipt.pdf');
      return f;
    };
    const expected: Record<string, string> = { settleAmount: 'AMOUNT_NEGATIVE', receivedAmount: 'AMOUNT_NEGATIVE', settleDate: 'INVALID_DAY', status: 'ENTRY_TRUE_OR_FALSE', remarks: 'ENTRY_REQUIRED', photo: 'RECEIPT_REQUIRED' };
    for (const [field, reason] of Object.entries(expected)) {
      const res = await post(`/instructor/settlement/${profile}`, form(field), admin);
      expect({ field, status: res.status, reason: res.body.reason, fields: res.body.fieldReasons }).toEqual({ field, status: 400, reason: 'SETTLEMENT_FAILED', fields: { [field]: reason } });
    }
    const empty = await post(`/instructor/settlement/${profile}`, new FormData(), admin);
    expect(Object.keys(empty.body.fieldReasons ?? {}).sort()).toEqual(Object.keys(expected).sort());
    expect((await get(`/instructor/earnings/${profile}`, admin)).body.data.due).toBe(before);
    expect(await settlements()).toBe(published);
  });

  it('store product: name, image, param, price, value, oldPrice, description and validity are each required on create', async () => {
    const fields = { name: 'Gift 500', param: `gift-500-${randomUUID().slice(0, 6)}`, price: '50000', oldPrice: '55000', value: '50000', validity: '365 days', description: 'Five hundred' };
    const form = (leaveOut: string) => {
      const f = new FormData();
      for (const [k, v] of Object.entries(fields)) if (k !== leaveOut) f.set(k, v);
      return f;
    };
    const image = new Uint8Array(await pngImage(30, 20));
    for (const field of [...Object.keys(fields), 'image']) {
      const f = form(field);
      if (field !== 'image') f.set('image', new Blob([image], { type: 'image/png' }), 'card.png');
      const res = await post('/store/product/create', f, admin);
      expect({ field, status: res.status, fields: Object.keys(res.body.fieldReasons ?? {}) }).toEqual({ field, status: 400, fields: [field] });
    }
    expect((await get('/store/product/')).body.data.map((p: { param: string }) => p.param)).not.toContain(fields.param);
  });

  it('payments are non-refundable: a student crediting their own wallet is refused (403), the balance stays; the back office may credit', async () => {
    const student = await signUpVerified(path.join(dataDir, 'mail'), 'Rafi Ahmed', { prefix: 'refund' });
    const credit = (token: string, reference: string) => post('/wallet/credit', { userId: student.id, kind: 'refund', amount: 50_000, reference }, token);
    const balance = async () => (await get(`/wallet/${student.id}`, student.token)).body.data.balance as number;
    expect(await balance()).toBe(0);
    for (const kind of ['refund', 'gift_card_redemption', 'referral_bonus']) {
      const res = await post('/wallet/credit', { userId: student.id, kind, amount: 50_000, reference: `self-${randomUUID()}` }, student.token);
      expect({ kind, status: res.status, code: res.body.code }).toEqual({ kind, status: 403, code: 'PERMISSION_DENIED' });
    }
    expect((await request('POST', '/wallet/credit', { userId: student.id, kind: 'refund', amount: 50_000, reference: 'anonymous' })).status).toBe(401);
    expect(await balance()).toBe(0);
    expect((await credit(admin, `goodwill-${randomUUID()}`)).status).toBe(200);
    expect(await balance()).toBe(50_000);
  });
});
