import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SANDBOX_FONT_PATH, sandboxLanguage, sandboxPage, sendSandboxFont } from './sandbox-page';
import { CURRENCY, formatPoisha, parsePoisha, signIpn } from './sslcommerz';

/**
 * Our SSLCommerz sandbox (decision 0013): session init, a hosted page with Pay, Fail and Cancel
 * (plain forms, no script), IPNs signed with the store password like the real ones, and the
 * validation and transaction query APIs. Switches make it send duplicate, late and out-of-order
 * IPNs, or lose them.
 */

export interface SandboxOptions {
  storeId: string;
  storePassword: string;
  /** Extra copies of each IPN (0: exactly one). */
  duplicateIpns?: number;
  /** 'before-return' (default): the IPN is delivered before the browser is redirected; 'after-return': after, by lateIpnDelayMs. */
  ipnTiming?: 'before-return' | 'after-return';
  lateIpnDelayMs?: number;
  /** After a VALID IPN, also send a signed FAILED IPN for the same tran_id (out of order). */
  failedIpnAfterValid?: boolean;
  /** IPNs are lost on the way: logged, never delivered (the merchant learns of the payment by asking). */
  loseIpns?: boolean;
  /** risk_level reported for a payment ('0' unless this says otherwise). */
  riskLevel?: (tranId: string) => '0' | '1';
}

export interface IpnDelivery {
  tranId: string;
  status: string;
  httpStatus: number | null;
  error?: string;
}

interface SandboxSession {
  sessionKey: string;
  tranId: string;
  amount: string;
  currency: string;
  successUrl: string;
  failUrl: string;
  cancelUrl: string;
  ipnUrl: string;
  values: Record<string, string>;
  state: 'open' | 'paid' | 'failed' | 'cancelled';
  /** The payment, once paid. */
  valId?: string;
}

interface Payment {
  valId: string;
  session: SandboxSession;
  bankTranId: string;
  tranDate: string;
  riskLevel: '0' | '1';
  validatedTimes: number;
}

export interface Sandbox {
  /** Handles a request; mountable under an express app or an http server. */
  handle(req: http.IncomingMessage, res: http.ServerResponse): void;
  options: SandboxOptions;
  /** Every IPN sent, in the order they were answered. */
  readonly ipnLog: IpnDelivery[];
  /** Resolves once every IPN started so far (late ones included) has been answered. */
  settled(): Promise<void>;
}

const PREFIX = '/gwprocess/v4';

function id(n = 12): string {
  return randomBytes(n).toString('hex').toUpperCase();
}

async function readForm(req: http.IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 64 * 1024) throw new Error('body too large');
    chunks.push(chunk);
  }
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

function json(res: http.ServerResponse, body: unknown, status = 200): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function redirect(res: http.ServerResponse, url: string, params: Record<string, string>): void {
  const target = new URL(url);
  for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
  res.writeHead(303, { location: target.toString() });
  res.end();
}

/** The sandbox. `publicBaseUrl` is where browsers reach it (the GatewayPageURL is built from it). */
export function createSandbox(options: SandboxOptions, publicBaseUrl: () => string): Sandbox {
  const sessions = new Map<string, SandboxSession>();
  /** The sessions opened for each tran_id (the transaction query's index). */
  const sessionsOfTran = new Map<string, SandboxSession[]>();
  const payments = new Map<string, Payment>();
  const ipnLog: IpnDelivery[] = [];
  const pending = new Set<Promise<void>>();
  const sandbox: Sandbox = { handle, options, ipnLog, settled };

  async function settled(): Promise<void> {
    while (pending.size > 0) await Promise.all([...pending]);
  }

  function track(p: Promise<void>): Promise<void> {
    pending.add(p);
    void p.finally(() => pending.delete(p));
    return p;
  }

  function credentialsOk(storeId: string | undefined, password: string | undefined): boolean {
    return storeId === sandbox.options.storeId && password === sandbox.options.storePassword;
  }

  async function postIpn(session: SandboxSession, form: Record<string, string>): Promise<void> {
    const signed = signIpn(form, sandbox.options.storePassword);
    const entry: IpnDelivery = { tranId: session.tranId, status: form.status ?? '', httpStatus: null };
    if (sandbox.options.loseIpns) {
      ipnLog.push({ ...entry, error: 'lost (loseIpns)' });
      return;
    }
    try {
      const r = await fetch(session.ipnUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(signed).toString(),
        signal: AbortSignal.timeout(10_000),
      });
      await r.arrayBuffer();
      entry.httpStatus = r.status;
    } catch (e) {
      entry.error = e instanceof Error ? e.message : String(e);
    }
    ipnLog.push(entry);
  }

  /** Sends the IPNs for one outcome as the switches say: copies one after the other. */
  async function sendIpns(session: SandboxSession, forms: Record<string, string>[]): Promise<void> {
    const copies = 1 + Math.max(0, sandbox.options.duplicateIpns ?? 0);
    for (const form of forms) for (let i = 0; i < copies; i++) await postIpn(session, form);
  }

  function ipnForm(session: SandboxSession, status: string, payment?: Payment): Record<string, string> {
    const base: Record<string, string> = {
      status,
      tran_id: session.tranId,
      val_id: payment?.valId ?? '',
      amount: session.amount,
      store_amount: session.amount,
      currency: CURRENCY,
      currency_type: session.currency,
      currency_amount: session.amount,
      card_type: 'VISA-Sandbox',
      card_no: '418117XXXXXX6675',
      bank_tran_id: payment?.bankTranId ?? '',
      tran_date: payment?.tranDate ?? new Date().toISOString().slice(0, 19).replace('T', ' '),
      store_id: sandbox.options.storeId,
      risk_level: payment?.riskLevel ?? '0',
      risk_title: payment?.riskLevel === '1' ? 'Risky' : 'Safe',
      ...session.values,
    };
    return base;
  }

  async function deliver(
    res: http.ServerResponse,
    session: SandboxSession,
    forms: Record<string, string>[],
    target: string,
    params: Record<string, string>,
  ) {
    if ((sandbox.options.ipnTiming ?? 'before-return') === 'before-return') {
      await track(sendIpns(session, forms));
      redirect(res, target, params);
    } else {
      redirect(res, target, params);
      const delay = sandbox.options.lateIpnDelayMs ?? 50;
      track(new Promise<void>((r) => setTimeout(r, delay)).then(() => sendIpns(session, forms)));
    }
  }

  async function init(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const f = await readForm(req);
    if (!credentialsOk(f.store_id, f.store_passwd)) {
      return json(res, {
        status: 'FAILED',
        failedreason: 'Store Credential Error Or Store is De-active',
        sessionkey: '',
        GatewayPageURL: '',
      });
    }
    const missing = [
      'total_amount',
      'currency',
      'tran_id',
      'success_url',
      'fail_url',
      'cancel_url',
      'cus_name',
      'cus_email',
      'cus_phone',
      'product_name',
      'product_category',
      'product_profile',
    ].filter((k) => !f[k]);
    const amount = parsePoisha(f.total_amount);
    if (missing.length > 0 || amount === null || amount < 1000) {
      const reason =
        missing.length > 0 ? `Missing: ${missing.join(', ')}` : 'Invalid Amount (10.00 to 500000.00 BDT)';
      return json(res, { status: 'FAILED', failedreason: reason, sessionkey: '', GatewayPageURL: '' });
    }
    const sessionKey = id(16);
    const values: Record<string, string> = {};
    for (const k of ['value_a', 'value_b', 'value_c', 'value_d']) if (f[k] !== undefined) values[k] = f[k];
    const session: SandboxSession = {
      sessionKey,
      tranId: f.tran_id!,
      amount: formatPoisha(amount),
      currency: f.currency!,
      successUrl: f.success_url!,
      failUrl: f.fail_url!,
      cancelUrl: f.cancel_url!,
      ipnUrl: f.ipn_url ?? '',
      values,
      state: 'open',
    };
    sessions.set(sessionKey, session);
    sessionsOfTran.set(session.tranId, [...(sessionsOfTran.get(session.tranId) ?? []), session]);
    const base = publicBaseUrl().replace(/\/+$/, '');
    json(res, {
      status: 'SUCCESS',
      failedreason: '',
      sessionkey: sessionKey,
      GatewayPageURL: `${base}${PREFIX}/pay/${sessionKey}`,
      storeBanner: '',
      storeLogo: '',
    });
  }

  /** The hosted page in the visitor's language (./sandbox-page): Pay, Fail and Cancel, or what a settled attempt came to. */
  function page(req: http.IncomingMessage, res: http.ServerResponse, session: SandboxSession): void {
    // Absolute, from the public base: the sandbox may be mounted under a path (all-in-one).
    const base = publicBaseUrl().replace(/\/+$/, '');
    // A settled attempt says so, with no buttons (issue 55: the browser's back button after paying
    // showed live-looking Pay/Fail/Cancel again). The shop is the origin of its return URLs.
    const shop = (() => {
      try {
        return `${new URL(session.successUrl).origin}/`;
      } catch {
        return '/';
      }
    })();
    const { html, headers } = sandboxPage({
      lang: sandboxLanguage(req.headers),
      base,
      state: session.state,
      amount: session.amount,
      currency: session.currency,
      tranId: session.tranId,
      action: (what) => `${base}${PREFIX}/pay/${session.sessionKey}/${what}`,
      shop,
    });
    res.writeHead(200, headers);
    res.end(html);
  }

  async function choose(req: http.IncomingMessage, res: http.ServerResponse, session: SandboxSession, choice: string): Promise<void> {
    if (session.state !== 'open') return page(req, res, session);
    const back: Record<string, string> = {
      tran_id: session.tranId,
      amount: session.amount,
      currency: session.currency,
      ...session.values,
    };
    if (choice === 'pay') {
      session.state = 'paid';
      const payment: Payment = {
        valId: id(10),
        session,
        bankTranId: id(8),
        tranDate: new Date().toISOString().slice(0, 19).replace('T', ' '),
        riskLevel: sandbox.options.riskLevel?.(session.tranId) ?? '0',
        validatedTimes: 0,
      };
      payments.set(payment.valId, payment);
      session.valId = payment.valId;
      const forms = [ipnForm(session, 'VALID', payment)];
      if (sandbox.options.failedIpnAfterValid) forms.push(ipnForm(session, 'FAILED'));
      return deliver(res, session, forms, session.successUrl, {
        ...back,
        status: 'VALID',
        val_id: payment.valId,
        bank_tran_id: payment.bankTranId,
      });
    }
    const status = choice === 'fail' ? 'FAILED' : 'CANCELLED';
    session.state = choice === 'fail' ? 'failed' : 'cancelled';
    return deliver(
      res,
      session,
      [ipnForm(session, status)],
      choice === 'fail' ? session.failUrl : session.cancelUrl,
      { ...back, status },
    );
  }

  /** A paid transaction as the validation API (and each element of the transaction query) describes it. */
  function paymentRecord(payment: Payment, status: string): Record<string, string> {
    const s = payment.session;
    return {
      status,
      tran_date: payment.tranDate,
      tran_id: s.tranId,
      val_id: payment.valId,
      amount: s.amount,
      store_amount: s.amount,
      currency: CURRENCY,
      currency_type: s.currency,
      currency_amount: s.amount,
      currency_rate: '1.0000',
      bank_tran_id: payment.bankTranId,
      card_type: 'VISA-Sandbox',
      card_no: '418117XXXXXX6675',
      risk_level: payment.riskLevel,
      risk_title: payment.riskLevel === '1' ? 'Risky' : 'Safe',
      validated_on: new Date().toISOString().slice(0, 19).replace('T', ' '),
      gw_version: 'sandbox',
      ...s.values,
    };
  }

  function credentialsRefused(q: URLSearchParams, res: http.ServerResponse): boolean {
    if (credentialsOk(q.get('store_id') ?? undefined, q.get('store_passwd') ?? undefined)) return false;
    json(res, { APIConnect: 'FAILED', status: 'FAILED', failedreason: 'Store Credential Error Or Store is De-active' });
    return true;
  }

  function validation(url: URL, res: http.ServerResponse): void {
    const q = url.searchParams;
    if (credentialsRefused(q, res)) return;
    const payment = payments.get(q.get('val_id') ?? '');
    if (!payment) return json(res, { APIConnect: 'DONE', status: 'INVALID_TRANSACTION' });
    payment.validatedTimes++;
    json(res, { APIConnect: 'DONE', ...paymentRecord(payment, payment.validatedTimes === 1 ? 'VALID' : 'VALIDATED') });
  }

  /** The transaction query by tran_id: an element per session opened for it, as it stands now. */
  function transactionQuery(url: URL, res: http.ServerResponse): void {
    const q = url.searchParams;
    if (credentialsRefused(q, res)) return;
    const tranId = q.get('tran_id') ?? '';
    const element = (sessionsOfTran.get(tranId) ?? []).map((s) => {
      const payment = s.valId ? payments.get(s.valId) : undefined;
      if (payment) return paymentRecord(payment, payment.validatedTimes === 0 ? 'VALID' : 'VALIDATED');
      const status = s.state === 'failed' ? 'FAILED' : s.state === 'cancelled' ? 'CANCELLED' : 'UNATTEMPTED';
      return { status, tran_id: s.tranId, val_id: '', amount: s.amount, currency: CURRENCY, ...s.values };
    });
    json(res, { APIConnect: 'DONE', no_of_trans_found: element.length, element });
  }

  async function route(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    const path = url.pathname;
    if (req.method === 'POST' && path === `${PREFIX}/api.php`) return init(req, res);
    if (req.method === 'GET' && path === '/validator/api/validationserverAPI.php')
      return validation(url, res);
    if (req.method === 'GET' && path === '/validator/api/merchantTransIDvalidationAPI.php')
      return transactionQuery(url, res);
    if (req.method === 'GET' && path === SANDBOX_FONT_PATH) return sendSandboxFont(res);
    const m = /^\/gwprocess\/v4\/pay\/([0-9A-F]+)(?:\/(pay|fail|cancel))?$/.exec(path);
    const session = m ? sessions.get(m[1]!) : undefined;
    if (m && session) {
      if (req.method === 'GET' && !m[2]) return page(req, res, session);
      if (req.method === 'POST' && m[2]) {
        await readForm(req);
        return choose(req, res, session, m[2]);
      }
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  }

  function handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    route(req, res).catch((e: unknown) => {
      if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain' });
      res.end(e instanceof Error ? e.message : 'bad request');
    });
  }

  return sandbox;
}

export interface RunningSandbox extends Sandbox {
  baseUrl: string;
  close(): Promise<void>;
}

/** Starts the sandbox as its own HTTP server (port 0: any free port). */
export async function startSandbox(
  options: SandboxOptions,
  listen: { host?: string; port?: number; publicBaseUrl?: string } = {},
): Promise<RunningSandbox> {
  let baseUrl = '';
  const sandbox = createSandbox(options, () => listen.publicBaseUrl ?? baseUrl);
  const server = http.createServer((req, res) => sandbox.handle(req, res));
  const host = listen.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listen.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://${host}:${port}`;
  return Object.assign(sandbox, {
    baseUrl,
    async close() {
      await sandbox.settled();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
