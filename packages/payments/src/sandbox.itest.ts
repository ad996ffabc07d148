import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSandbox, type RunningSandbox } from './sandbox';
import {
  createSslCommerzClient,
  decidePayment,
  SslCommerzError,
  type SessionRequest,
  type SslCommerzClient,
} from './sslcommerz';

/** The adapter against our sandbox over real HTTP on loopback, with a merchant's IPN listener. */

const STORE = { storeId: 'taal-test', storePassword: 'taal-test@ssl' };

interface Ipn {
  form: Record<string, string>;
  verified: boolean;
}

let sandbox: RunningSandbox;
let client: SslCommerzClient;
let listener: http.Server;
let listenerUrl = '';
const ipns: Ipn[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ ...STORE });
  client = createSslCommerzClient({
    SSLCOMMERZ_BASE_URL: sandbox.baseUrl,
    SSLCOMMERZ_STORE_ID: STORE.storeId,
    SSLCOMMERZ_STORE_PASSWORD: STORE.storePassword,
  });
  listener = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      ipns.push({ form, verified: client.verifyIpn(form) });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => listener.listen(0, '127.0.0.1', () => r()));
  listenerUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await sandbox.close();
  await new Promise<void>((r) => listener.close(() => r()));
});

beforeEach(async () => {
  await sandbox.settled();
  ipns.length = 0;
  sandbox.ipnLog.length = 0;
  sandbox.options = { ...STORE };
});

let seq = 0;
function request(amountPoisha = 123456): SessionRequest {
  seq++;
  return {
    tranId: `TAAL-T${Date.now()}-${seq}`,
    amountPoisha,
    successUrl: 'http://app.test/cart/success',
    failUrl: 'http://app.test/cart/fail',
    cancelUrl: 'http://app.test/cart/cancel',
    ipnUrl: `${listenerUrl}/ipn`,
    customer: { name: 'Rahim', email: 'rahim@example.com', phone: '01700000000' },
    product: { name: 'Sitar basics', category: 'course' },
    values: { a: 'coupon', b: 'TAAL10', c: `order-${seq}` },
  };
}

/** Opens the hosted page like a browser, checks it is script-free, and presses a button. */
async function press(gatewayPageUrl: string, button: 'pay' | 'fail' | 'cancel'): Promise<URL> {
  const page = await fetch(gatewayPageUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).not.toMatch(/<script|onclick|javascript:/i);
  expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
  const action = new RegExp(`<form method="post" action="([^"]+/${button})"`).exec(html)?.[1];
  expect(action).toBeDefined();
  const res = await fetch(new URL(action!, gatewayPageUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `choice=${button}`,
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location')!);
}

it('init → page → Pay → signed IPN → validation says paid with the matching amount', async () => {
  const req = request();
  const session = await client.initSession(req);
  expect(session.gatewayPageUrl.startsWith(sandbox.baseUrl)).toBe(true);
  const back = await press(session.gatewayPageUrl, 'pay');
  expect(`${back.origin}${back.pathname}`).toBe(req.successUrl);
  expect(back.searchParams.get('tran_id')).toBe(req.tranId);
  expect(back.searchParams.get('value_c')).toBe(req.values!.c);
  // before-return (default): the IPN has been answered before the browser comes back
  expect(ipns).toHaveLength(1);
  const ipn = ipns[0]!;
  expect(ipn.verified).toBe(true);
  expect(ipn.form).toMatchObject({
    status: 'VALID',
    tran_id: req.tranId,
    amount: '1234.56',
    value_b: 'TAAL10',
  });
  expect(ipn.form.val_id).toBe(back.searchParams.get('val_id'));

  const v = await client.validate(ipn.form.val_id!);
  expect(v.status).toBe('VALID');
  expect(decidePayment(v, { tranId: req.tranId, amountPoisha: 123456 })).toMatchObject({
    kind: 'paid',
    valId: ipn.form.val_id,
    amountPoisha: 123456,
  });
  // asked again, the gateway says VALIDATED: still paid, and the user's idempotency decides it changes nothing
  const again = await client.validate(ipn.form.val_id!);
  expect(again.status).toBe('VALIDATED');
  expect(decidePayment(again, { tranId: req.tranId, amountPoisha: 123456 }).kind).toBe('paid');
});

it('refuses a tampered IPN (changed amount or bad verify_sign)', async () => {
  const req = request();
  await press((await client.initSession(req)).gatewayPageUrl, 'pay');
  const form = ipns[0]!.form;
  expect(client.verifyIpn(form)).toBe(true);
  expect(client.verifyIpn({ ...form, amount: '1.00' })).toBe(false);
  expect(client.verifyIpn({ ...form, tran_id: 'TAAL-other' })).toBe(false);
  expect(client.verifyIpn({ ...form, verify_sign: '0'.repeat(32) })).toBe(false);
  const { verify_sign: _drop, ...unsigned } = form;
  expect(client.verifyIpn(unsigned)).toBe(false);
});

it('refuses validation answers for another tran_id, amount or currency, and unknown val_ids', async () => {
  const req = request(50000);
  await press((await client.initSession(req)).gatewayPageUrl, 'pay');
  const v = await client.validate(ipns[0]!.form.val_id!);
  expect(decidePayment(v, { tranId: 'TAAL-someone-else', amountPoisha: 50000 }).kind).toBe('refused');
  expect(decidePayment(v, { tranId: req.tranId, amountPoisha: 49999 }).kind).toBe('refused');
  expect(decidePayment(v, { tranId: req.tranId, amountPoisha: 50000, currency: 'USD' }).kind).toBe('refused');
  const unknown = await client.validate('NOSUCHVAL');
  expect(unknown.status).toBe('INVALID_TRANSACTION');
  expect(decidePayment(unknown, { tranId: req.tranId, amountPoisha: 50000 }).kind).toBe('refused');
});

it('gives hold for risk_level 1', async () => {
  const req = request();
  sandbox.options.riskLevel = (tranId) => (tranId === req.tranId ? '1' : '0');
  await press((await client.initSession(req)).gatewayPageUrl, 'pay');
  const v = await client.validate(ipns[0]!.form.val_id!);
  expect(decidePayment(v, { tranId: req.tranId, amountPoisha: req.amountPoisha })).toMatchObject({
    kind: 'hold',
  });
});

it('checks store credentials: a wrong password gets FAILED answers', async () => {
  const wrong = createSslCommerzClient({
    SSLCOMMERZ_BASE_URL: sandbox.baseUrl,
    SSLCOMMERZ_STORE_ID: STORE.storeId,
    SSLCOMMERZ_STORE_PASSWORD: 'nope',
  });
  await expect(wrong.initSession(request())).rejects.toThrow(SslCommerzError);
  await expect(wrong.initSession(request())).rejects.toThrow(/Store Credential Error/);
  const req = request();
  await press((await client.initSession(req)).gatewayPageUrl, 'pay');
  const v = await wrong.validate(ipns[0]!.form.val_id!);
  expect(v.status).toBe('FAILED');
  expect(decidePayment(v, { tranId: req.tranId, amountPoisha: req.amountPoisha }).kind).toBe('refused');
  // and an IPN signed with another password does not verify here
  expect(wrong.verifyIpn(ipns[0]!.form)).toBe(false);
});

it('sends duplicate IPNs when told to', async () => {
  sandbox.options.duplicateIpns = 3;
  const req = request();
  await press((await client.initSession(req)).gatewayPageUrl, 'pay');
  expect(ipns).toHaveLength(4);
  expect(ipns.every((i) => i.verified && i.form.tran_id === req.tranId && i.form.status === 'VALID')).toBe(
    true,
  );
  expect(new Set(ipns.map((i) => i.form.val_id)).size).toBe(1);
});

it('sends the IPN late, after the browser has returned', async () => {
  sandbox.options.ipnTiming = 'after-return';
  sandbox.options.lateIpnDelayMs = 100;
  const req = request();
  const back = await press((await client.initSession(req)).gatewayPageUrl, 'pay');
  expect(back.searchParams.get('status')).toBe('VALID');
  expect(ipns).toHaveLength(0);
  await sandbox.settled();
  expect(ipns).toHaveLength(1);
  expect(ipns[0]!.verified).toBe(true);
});

it('sends a FAILED IPN after the VALID one (out of order) when told to', async () => {
  sandbox.options.failedIpnAfterValid = true;
  const req = request();
  await press((await client.initSession(req)).gatewayPageUrl, 'pay');
  expect(ipns.map((i) => i.form.status)).toEqual(['VALID', 'FAILED']);
  expect(ipns.every((i) => i.verified && i.form.tran_id === req.tranId)).toBe(true);
  // the validation API still says paid for the VALID one's val_id
  const v = await client.validate(ipns[0]!.form.val_id!);
  expect(decidePayment(v, { tranId: req.tranId, amountPoisha: req.amountPoisha }).kind).toBe('paid');
});

it('Fail and Cancel redirect to their URLs with a signed IPN and nothing to validate', async () => {
  const failed = request();
  const failedPage = (await client.initSession(failed)).gatewayPageUrl;
  const f = await press(failedPage, 'fail');
  expect(`${f.origin}${f.pathname}`).toBe(failed.failUrl);
  const cancelled = request();
  const c = await press((await client.initSession(cancelled)).gatewayPageUrl, 'cancel');
  expect(`${c.origin}${c.pathname}`).toBe(cancelled.cancelUrl);
  expect(ipns.map((i) => [i.form.status, i.verified])).toEqual([
    ['FAILED', true],
    ['CANCELLED', true],
  ]);
  // a closed session's page has no buttons any more
  const page = await (await fetch(failedPage)).text();
  expect(page).toContain('This payment attempt has ended: it failed.');
  expect(page).not.toContain('<button');
  expect(page).not.toContain('<form');
});

it('answers the transaction query by tran_id: open, paid, failed, and nothing for one it never saw; loses IPNs when told to', async () => {
  sandbox.options.loseIpns = true;
  const open = request();
  await client.initSession(open);
  expect(await client.queryTransaction(open.tranId)).toMatchObject([{ status: 'UNATTEMPTED', tranId: open.tranId, valId: '' }]);

  const paid = request();
  const back = await press((await client.initSession(paid)).gatewayPageUrl, 'pay');
  expect(ipns).toHaveLength(0);
  expect(sandbox.ipnLog).toMatchObject([{ tranId: paid.tranId, status: 'VALID', httpStatus: null }]);
  const [record] = await client.queryTransaction(paid.tranId);
  expect(record).toMatchObject({ status: 'VALID', tranId: paid.tranId, valId: back.searchParams.get('val_id'), amount: '1234.56' });
  // The query does not validate: the val_id it names still validates as VALID the first time.
  expect((await client.validate(record!.valId!)).status).toBe('VALID');
  expect((await client.queryTransaction(paid.tranId))[0]!.status).toBe('VALIDATED');

  const failed = request();
  await press((await client.initSession(failed)).gatewayPageUrl, 'fail');
  expect(await client.queryTransaction(failed.tranId)).toMatchObject([{ status: 'FAILED', tranId: failed.tranId }]);
  expect(await client.queryTransaction('TAAL-never-seen')).toEqual([]);

  const wrong = createSslCommerzClient({ SSLCOMMERZ_BASE_URL: sandbox.baseUrl, SSLCOMMERZ_STORE_ID: STORE.storeId, SSLCOMMERZ_STORE_PASSWORD: 'nope' });
  await expect(wrong.queryTransaction(paid.tranId)).rejects.toThrow(/transaction query refused/);
});

it("speaks the visitor's language (i18next's cookie, else Accept-Language) and serves the Bengali font it draws with (issue 55)", async () => {
  const url = (await client.initSession(request(250000))).gatewayPageUrl;
  const bn = await fetch(url, { headers: { cookie: 'i18next=bn' } });
  const bnPage = await bn.text();
  expect([bn.headers.get('content-language'), bn.headers.get('cache-control')]).toEqual(['bn', 'no-store']);
  expect(bnPage).toContain('<strong>২,৫০০.০০ টাকা</strong> পরিশোধ করুন');
  expect(await (await fetch(url, { headers: { 'accept-language': 'bn-BD,bn;q=0.9,en;q=0.5' } })).text()).toContain('বাতিল করুন');
  expect(await (await fetch(url)).text()).toContain('Pay <strong>BDT 2,500.00</strong>');
  const fontUrl = /url\("([^"]+\.woff2)"\)/.exec(bnPage)![1]!;
  const font = await fetch(fontUrl);
  expect([font.status, font.headers.get('content-type')]).toEqual([200, 'font/woff2']);
  expect(Buffer.from(await font.arrayBuffer()).subarray(0, 4).toString('latin1')).toBe('wOF2');
  // Settled, in Bengali: what it came to, no buttons.
  await press(url, 'cancel');
  const settled = await (await fetch(url, { headers: { cookie: 'i18next=bn' } })).text();
  expect(settled).toContain('এটি বাতিল করা হয়েছে');
  expect(settled).not.toContain('<button');
});
