import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { poishaToTaka, takaToPoisha } from '@taal/contracts';
import { fields } from '@taal/kit';

/**
 * The SSLCommerz v4 card-gateway adapter (decision 0013). It speaks the vendor's HTTP API to a
 * configured base URL, so the same code talks to the real gateway, its public sandbox or our
 * own sandbox (./sandbox). It holds no state: idempotency by tran_id / val_id is its users' job.
 */

/** Configuration: the gateway's base URL and the store's credentials. */
export const sslcommerzConfig = z.object({
  SSLCOMMERZ_BASE_URL: fields.url({ protocols: ['http', 'https'] }),
  SSLCOMMERZ_STORE_ID: fields.string(),
  SSLCOMMERZ_STORE_PASSWORD: fields.string(),
});
export type SslCommerzConfig = z.infer<typeof sslcommerzConfig>;

export const CURRENCY = 'BDT';

/** Integer poisha as the gateway's decimal BDT string: 12345 → "123.45". */
export function formatPoisha(poisha: number): string {
  if (!Number.isSafeInteger(poisha) || poisha < 0)
    throw new RangeError(`amount must be non-negative integer poisha, got ${poisha}`);
  return poishaToTaka(poisha);
}

/** The gateway's decimal amount ("123.45", "123.4", "123") as integer poisha; null when it is not one. */
export function parsePoisha(amount: string | undefined): number | null {
  return amount === undefined ? null : takaToPoisha(amount);
}

function md5(s: string): string {
  return createHash('md5').update(s, 'utf8').digest('hex');
}

/**
 * SSLCommerz's IPN signature: take the fields named in `verify_key` (comma-separated) that are
 * present, add `store_passwd` = md5(store password), sort by key (byte order, as PHP's ksort on
 * string keys), join as `key=value` with `&`, and md5 the result (hex, lower case).
 */
export function computeVerifySign(
  form: Readonly<Record<string, string>>,
  verifyKey: string,
  storePassword: string,
): string {
  const data = new Map<string, string>();
  for (const key of verifyKey.split(',')) {
    const v = form[key];
    if (key !== '' && v !== undefined) data.set(key, v);
  }
  data.set('store_passwd', md5(storePassword));
  const keys = [...data.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return md5(keys.map((k) => `${k}=${data.get(k)}`).join('&'));
}

/** Signs an IPN form the way the gateway does: every field but the signature is covered. */
export function signIpn(
  form: Readonly<Record<string, string>>,
  storePassword: string,
): Record<string, string> {
  const keys = Object.keys(form).filter((k) => k !== 'verify_sign' && k !== 'verify_key');
  const verify_key = keys.join(',');
  return { ...form, verify_key, verify_sign: computeVerifySign(form, verify_key, storePassword) };
}

/**
 * True when the IPN's verify_sign matches, and the fields this adapter relies on are covered by
 * it (a signature over a key list that leaves out tran_id or amount proves nothing about them).
 */
export function verifyIpnSignature(form: Readonly<Record<string, string>>, storePassword: string): boolean {
  const { verify_sign, verify_key } = form;
  if (!verify_sign || !verify_key) return false;
  const covered = new Set(verify_key.split(','));
  for (const must of ['tran_id', 'val_id', 'amount', 'status'])
    if (!covered.has(must) || form[must] === undefined) return false;
  const expected = computeVerifySign(form, verify_key, storePassword);
  // Both are 32 hex digits; compare without an early exit.
  if (expected.length !== verify_sign.length) return false;
  let diff = 0;
  for (let i = 0; i < expected.length; i++)
    diff |= expected.charCodeAt(i) ^ verify_sign.toLowerCase().charCodeAt(i);
  return diff === 0;
}

export interface SessionRequest {
  /** Our unique transaction id (one per payment attempt of an order). */
  tranId: string;
  amountPoisha: number;
  successUrl: string;
  failUrl: string;
  cancelUrl: string;
  ipnUrl: string;
  customer: {
    name: string;
    email: string;
    phone: string;
    address?: string;
    city?: string;
    postcode?: string;
    country?: string;
  };
  product: { name: string; category: string; profile?: string; numOfItem?: number };
  /** Passed back untouched in the IPN, the browser return and the validation answer. */
  values?: { a?: string; b?: string; c?: string; d?: string };
}

export interface Session {
  sessionKey: string;
  gatewayPageUrl: string;
}

/** The fields of the validation API's answer that decisions use; the rest is kept in `raw`. */
export interface Validation {
  status: string;
  tranId?: string;
  valId?: string;
  amount?: string;
  currency?: string;
  currencyType?: string;
  currencyAmount?: string;
  bankTranId?: string;
  riskLevel?: string;
  riskTitle?: string;
  raw: Record<string, unknown>;
}

export class SslCommerzError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SslCommerzError';
  }
}

export interface SslCommerzClient {
  initSession(req: SessionRequest): Promise<Session>;
  validate(valId: string): Promise<Validation>;
  /**
   * The transaction query API: what the gateway knows of one of our tran_ids (an element per
   * attempt at paying it; none when it never heard of it). Asked for attempts whose IPN and
   * browser return never arrived; what it answers is never trusted alone: a paid element's
   * val_id goes through `validate` like an IPN's.
   */
  queryTransaction(tranId: string): Promise<Validation[]>;
  verifyIpn(form: Readonly<Record<string, string>>): boolean;
}

/** The fields of a validation answer (or of one element of a transaction query's answer). */
function readValidation(b: Record<string, unknown>): Validation {
  return {
    status: str(b.status) ?? '',
    tranId: str(b.tran_id),
    valId: str(b.val_id),
    amount: str(b.amount),
    currency: str(b.currency),
    currencyType: str(b.currency_type),
    currencyAmount: str(b.currency_amount),
    bankTranId: str(b.bank_tran_id),
    riskLevel: str(b.risk_level),
    riskTitle: str(b.risk_title),
    raw: b,
  };
}

function trimBase(url: string): string {
  return url.replace(/\/+$/, '');
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;
}

export function createSslCommerzClient(
  config: SslCommerzConfig,
  options: { timeoutMs?: number } = {},
): SslCommerzClient {
  const base = trimBase(config.SSLCOMMERZ_BASE_URL);
  const timeoutMs = options.timeoutMs ?? 15_000;

  async function getJson(res: Response, what: string): Promise<Record<string, unknown>> {
    if (!res.ok) throw new SslCommerzError(`${what}: HTTP ${res.status}`);
    const body: unknown = await res.json().catch(() => undefined);
    if (typeof body !== 'object' || body === null)
      throw new SslCommerzError(`${what}: the answer is not a JSON object`);
    return body as Record<string, unknown>;
  }

  /** A GET of one of the validator's APIs, with the store's credentials; its JSON answer. */
  async function validatorApi(api: string, params: Record<string, string>, what: string): Promise<Record<string, unknown>> {
    const q = new URLSearchParams({
      ...params,
      store_id: config.SSLCOMMERZ_STORE_ID,
      store_passwd: config.SSLCOMMERZ_STORE_PASSWORD,
      format: 'json',
    });
    const res = await fetch(`${base}/validator/api/${api}?${q.toString()}`, { signal: AbortSignal.timeout(timeoutMs) });
    return getJson(res, what);
  }

  return {
    async initSession(req) {
      const c = req.customer;
      const form: Record<string, string> = {
        store_id: config.SSLCOMMERZ_STORE_ID,
        store_passwd: config.SSLCOMMERZ_STORE_PASSWORD,
        total_amount: formatPoisha(req.amountPoisha),
        currency: CURRENCY,
        tran_id: req.tranId,
        success_url: req.successUrl,
        fail_url: req.failUrl,
        cancel_url: req.cancelUrl,
        ipn_url: req.ipnUrl,
        cus_name: c.name,
        cus_email: c.email,
        cus_phone: c.phone,
        cus_add1: c.address ?? 'N/A',
        cus_city: c.city ?? 'Dhaka',
        cus_postcode: c.postcode ?? '1000',
        cus_country: c.country ?? 'Bangladesh',
        shipping_method: 'NO',
        num_of_item: String(req.product.numOfItem ?? 1),
        product_name: req.product.name,
        product_category: req.product.category,
        product_profile: req.product.profile ?? 'non-physical-goods',
      };
      for (const k of ['a', 'b', 'c', 'd'] as const) {
        const v = req.values?.[k];
        if (v !== undefined) form[`value_${k}`] = v;
      }
      const res = await fetch(`${base}/gwprocess/v4/api.php`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const body = await getJson(res, 'session init');
      const sessionKey = str(body.sessionkey);
      const gatewayPageUrl = str(body.GatewayPageURL);
      if (body.status !== 'SUCCESS' || !sessionKey || !gatewayPageUrl) {
        throw new SslCommerzError(
          `session init refused: ${str(body.failedreason) || str(body.status) || 'no reason given'}`,
        );
      }
      return { sessionKey, gatewayPageUrl };
    },

    async validate(valId) {
      return readValidation(await validatorApi('validationserverAPI.php', { val_id: valId }, 'validation'));
    },

    async queryTransaction(tranId) {
      const b = await validatorApi('merchantTransIDvalidationAPI.php', { tran_id: tranId }, 'transaction query');
      if (b.APIConnect !== 'DONE') throw new SslCommerzError(`transaction query refused: ${str(b.APIConnect) ?? 'no APIConnect'}`);
      const elements = Array.isArray(b.element) ? b.element : [];
      return elements
        .filter((e): e is Record<string, unknown> => typeof e === 'object' && e !== null)
        .map(readValidation);
    },

    verifyIpn(form) {
      return verifyIpnSignature(form, config.SSLCOMMERZ_STORE_PASSWORD);
    },
  };
}

/** What an IPN asks for, read the same way for every kind of order. */
export type IpnReading =
  | { kind: 'settle'; tranId: string; valId: string }
  | { kind: 'failed'; tranId: string; status: string }
  | { kind: 'ignored'; tranId: string; status: string; reason: 'bad or missing signature' | 'unknown status' };

const FAILED_STATUSES = new Set(['FAILED', 'CANCELLED', 'UNATTEMPTED', 'EXPIRED']);

/**
 * Reads an IPN: a bad signature is ignored; VALID/VALIDATED asks to settle (the validation API
 * still decides, decidePayment); a failed, cancelled, unattempted or expired payment asks to
 * release the order; anything else is ignored.
 */
export function readIpn(client: SslCommerzClient, form: Readonly<Record<string, string>>): IpnReading {
  const tranId = form.tran_id ?? '';
  const status = form.status ?? '';
  if (!client.verifyIpn(form)) return { kind: 'ignored', tranId, status, reason: 'bad or missing signature' };
  if (status === 'VALID' || status === 'VALIDATED') return { kind: 'settle', tranId, valId: form.val_id ?? '' };
  if (FAILED_STATUSES.has(status)) return { kind: 'failed', tranId, status };
  return { kind: 'ignored', tranId, status, reason: 'unknown status' };
}

/** What the order the user expects to be paid looks like. */
export interface ExpectedPayment {
  tranId: string;
  amountPoisha: number;
  currency?: string;
}

export type PaymentDecision =
  | { kind: 'paid'; tranId: string; valId: string; amountPoisha: number; bankTranId?: string }
  | { kind: 'hold'; tranId: string; valId: string; amountPoisha: number; bankTranId?: string; reason: string }
  | { kind: 'refused'; reason: string };

/**
 * Decides from the validation API's answer (never from the IPN or the browser alone): paid only
 * when the status is VALID or VALIDATED and tran_id, amount and currency match the order; a
 * risk_level of 1 means the money came but an admin must release the order ('hold').
 */
export function decidePayment(v: Validation, expected: ExpectedPayment): PaymentDecision {
  if (v.status !== 'VALID' && v.status !== 'VALIDATED')
    return { kind: 'refused', reason: `status ${v.status || 'missing'}` };
  if (v.tranId !== expected.tranId)
    return { kind: 'refused', reason: `tran_id ${v.tranId ?? 'missing'} is not ${expected.tranId}` };
  if (!v.valId) return { kind: 'refused', reason: 'val_id missing' };
  const currency = expected.currency ?? CURRENCY;
  // currency_type/currency_amount are what the session was opened with; amount/currency are
  // what was settled. For a BDT store both must agree with the order.
  for (const [name, value] of [
    ['currency', v.currency],
    ['currency_type', v.currencyType],
  ] as const) {
    if (value !== undefined && value !== currency)
      return { kind: 'refused', reason: `${name} ${value} is not ${currency}` };
  }
  if (v.currency === undefined && v.currencyType === undefined)
    return { kind: 'refused', reason: 'currency missing' };
  for (const [name, value] of [
    ['amount', v.amount],
    ['currency_amount', v.currencyAmount],
  ] as const) {
    if (value === undefined) continue;
    if (parsePoisha(value) !== expected.amountPoisha) {
      return { kind: 'refused', reason: `${name} ${value} is not ${formatPoisha(expected.amountPoisha)}` };
    }
  }
  if (v.amount === undefined) return { kind: 'refused', reason: 'amount missing' };
  const paid = {
    tranId: v.tranId,
    valId: v.valId,
    amountPoisha: expected.amountPoisha,
    bankTranId: v.bankTranId,
  };
  if (v.riskLevel === '1')
    return { kind: 'hold', ...paid, reason: `risk_level 1${v.riskTitle ? ` (${v.riskTitle})` : ''}` };
  return { kind: 'paid', ...paid };
}

/** Where all-in-one mounts our sandbox on the HTTP edge: `<PUBLIC_URL>/sslcommerz-sandbox`. */
export const EMBEDDED_SANDBOX_PATH = '/sslcommerz-sandbox';

let embeddedStore: { storeId: string; storePassword: string } | undefined;

/**
 * The store credentials shared, inside one all-in-one process, by the mounted sandbox (the
 * gateway) and its client (commerce): random per process, so no fixed password exists anywhere.
 */
export function embeddedSandboxStore(): { storeId: string; storePassword: string } {
  return (embeddedStore ??= { storeId: 'taal-embedded', storePassword: randomBytes(18).toString('base64url') });
}
