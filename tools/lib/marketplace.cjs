/**
 * The money flows of the marketplace through the public API, as a browser and the back office
 * do them: sign-up, card checkout through the sandbox, wallet and voucher checkouts, gift-card
 * purchase and redemption, instructor settlement. Shared by the soak, the fault suite and the
 * tests that build a marketplace (backup/restore, SIGTERM). CommonJS so that both the .mjs tools
 * and jest load it as it is (types: marketplace.d.cts).
 */
'use strict';
const { randomUUID } = require('node:crypto');
const { readdirSync, readFileSync } = require('node:fs');
const path = require('node:path');

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const GIFT_CODE = /[0-9A-Z]{4}(?:-[0-9A-Z]{4}){4}/g;
/** Bangladesh's day (UTC+6), as the settlement form's settleDate (d-m-yyyy). */
const today = () => {
  const d = new Date(Date.now() + 6 * 3_600_000);
  return `${d.getUTCDate()}-${d.getUTCMonth() + 1}-${d.getUTCFullYear()}`;
};

class ApiError extends Error {
  constructor(method, p, status, body) {
    super(`${method} ${p}: ${status} ${body?.reason ?? ''} ${body?.message ?? ''}`.trim());
    this.status = status;
    this.body = body;
  }
}

/** Calls on `${base}/api/v1`: `call` answers { status, body }, `get`/`post` the data or throw ApiError for >= 400. */
function api(base, { timeoutMs = 30_000 } = {}) {
  const call = async (method, p, body, token, headers = {}) => {
    const h = { ...headers };
    if (token) h.authorization = `Bearer ${token}`;
    let payload;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      h['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(`${base}/api/v1${p}`, { method, headers: h, body: payload, signal: AbortSignal.timeout(timeoutMs) });
    const type = res.headers.get('content-type') ?? '';
    const parsed = type.includes('json') ? await res.json().catch(() => ({})) : { raw: Buffer.from(await res.arrayBuffer()) };
    return { status: res.status, body: parsed, headers: res.headers };
  };
  const must = async (method, p, body, token, headers) => {
    const res = await call(method, p, body, token, headers);
    if (res.status >= 400) throw new ApiError(method, p, res.status, res.body);
    return res.body.data;
  };
  return { call, get: (p, t, h) => must('GET', p, undefined, t, h), post: (p, b, t, h) => must('POST', p, b, t, h) };
}

async function login(base, email, password) {
  const data = await api(base).post('/user/login/', { email, password });
  return { id: data.user._id, token: data.token, email, password, profile: data.user.instructor ?? null };
}

/**
 * Signs the accounts in again every `everyMs` (default 10 minutes), in place, as a browser keeps
 * its session: access tokens expire (15 minutes), and a long run must not turn into 401s.
 * Answers a function that stops it.
 */
function keepSignedIn(base, accounts, everyMs = 10 * 60_000) {
  const timer = setInterval(() => {
    for (const account of accounts()) void login(base, account.email, account.password).then((fresh) => Object.assign(account, fresh), () => undefined);
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** The demo accounts every start seeds (README). */
async function demoAccounts(base) {
  return {
    admin: await login(base, 'admin@taal.local', 'admin123'),
    instructor: await login(base, 'instructor@taal.local', 'instructor123'),
    student: await login(base, 'student@taal.local', 'student123'),
  };
}

/** New students signed up through the API and verified by the admin (raise SIGNUP_MAX_PER_* for many). */
async function signUpStudents(base, adminToken, n, tag = randomUUID().slice(0, 8)) {
  const { get, post } = api(base);
  const made = [];
  for (let i = 0; i < n; i++) {
    const email = `${tag}-${i}@${tag}.example.com`;
    const form = new FormData();
    for (const [k, v] of Object.entries({ name: `Student ${tag} ${i}`, email, password: 'secret1', confirmPassword: 'secret1', dob: '2000-01-01', phone: '01712345678', address: 'Dhaka' })) {
      form.append(k, v);
    }
    form.append('photo', new Blob([PNG], { type: 'image/png' }), 'me.png');
    const user = await post('/user/signup/', form);
    await get(`/user/verify/${user._id}`, adminToken);
    made.push(await login(base, email, 'secret1'));
  }
  return made;
}

/** Courses with a silver price, with the id of their instructor's profile. */
async function paidCourses(base) {
  const list = await api(base).get('/course/');
  return list
    .filter((c) => (c.priceSilver?.price ?? 0) > 0)
    .map((c) => ({ id: c._id, title: c.title, price: c.priceSilver.price, instructor: typeof c.instructor === 'string' ? c.instructor : c.instructor?._id }));
}

/** Retries `step` while the stack answers "not now" (a network error, 502/503/504): the browser's retry. */
async function retrying(step, { tries = 1, delayMs = 500 } = {}) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (err) {
      const transient = !(err instanceof ApiError) || [502, 503, 504].includes(err.status);
      if (!transient || attempt >= tries) throw err;
      await new Promise((r) => setTimeout(r, delayMs));
    }
  }
}

/**
 * The sandbox's hosted page, Pay, and the browser's return through the gateway; answers the return's query.
 * `browser` maps a URL to where the student's browser reaches it (a test standing in for DNS and an ingress).
 */
async function payOnSandbox(gatewayPageUrl, { returnTries = 1, browser = (url) => url } = {}) {
  gatewayPageUrl = browser(gatewayPageUrl);
  const html = await (await fetch(gatewayPageUrl, { signal: AbortSignal.timeout(30_000) })).text();
  const action = /action="([^"]+\/pay)"/.exec(html)?.[1];
  if (!action) throw new Error(`no Pay button on ${gatewayPageUrl}`);
  const paid = await fetch(browser(new URL(action, gatewayPageUrl).href), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'choice=pay',
    signal: AbortSignal.timeout(30_000),
  });
  if (paid.status !== 303) throw new Error(`Pay answered ${paid.status}`);
  const back = browser(paid.headers.get('location'));
  // The browser lands on the gateway's return route (validated again there); it may be down a moment.
  await retrying(
    async () => {
      const res = await fetch(back, { redirect: 'manual', signal: AbortSignal.timeout(30_000) });
      if (res.status !== 303) throw new ApiError('GET', back, res.status, {});
    },
    { tries: returnTries, delayMs: 1000 },
  );
  return Object.fromEntries(new URL(back).searchParams);
}

/** One course bought by card through the sandbox: cart, order, session, Pay (IPN inside), return. */
async function cardCheckout(base, student, course, options = {}) {
  const { post } = api(base);
  // From an empty cart: an earlier attempt cut short (a refusal, a restart) may have left its course there.
  await post('/cart/remove_all', { user: student.id }, student.token);
  await post('/cart/', { user: student.id, course: course.id, tier: 'silver' }, student.token);
  const order = await post('/order', { userId: student.id, amount: course.price, useWallet: false }, student.token);
  const { GatewayPageURL } = await post(
    '/cart/ssl/',
    { total_amount: order.amount / 100, cus_name: 'Buyer', cus_email: 'buyer@example.com', cus_phone: '01712345678', value_c: order._id, currency: 'BDT' },
    student.token,
  );
  const returned = await payOnSandbox(GatewayPageURL, options);
  return { orderId: order._id, amount: order.amount, tranId: returned.tran_id, valId: returned.val_id };
}

/** The admin credits the wallet (a refund with its own reference); answers the new balance. */
async function creditWallet(base, adminToken, userId, amount, reference = `credit-${randomUUID()}`) {
  return api(base).post('/wallet/credit', { userId, kind: 'refund', amount, reference }, adminToken);
}

/** A percentage voucher made by the admin. */
async function createVoucher(base, adminToken, { code = `V${randomUUID().slice(0, 8).toUpperCase()}`, discount = 20, useLimit = 1000 } = {}) {
  await api(base).post('/cart/cupon', { cuponCode: code, discount, useLimit, expireDate: '2999-12-31' }, adminToken);
  return code;
}

/** One course paid from the wallet (with a voucher when given): cart, order of amount 0, zero-cart. */
async function walletCheckout(base, student, course, { voucher } = {}) {
  const { post } = api(base);
  await post('/cart/remove_all', { user: student.id }, student.token);
  await post('/cart/', { user: student.id, course: course.id, tier: 'silver' }, student.token);
  const order = await post('/order', { userId: student.id, amount: 0, ...(voucher ? { cuponCode: voucher } : {}) }, student.token);
  await post(`/cart/zero-cart/${student.id}/${order._id}`, { total_amount: 0, discount_amount: 0, cart: { id: student.id }, value_c: order._id }, student.token);
  return { orderId: order._id, walletUsed: order.walletUsed };
}

/** Gift-card products on sale. */
async function giftCardProducts(base) {
  return api(base).get('/store/product/');
}

/** A store order of `quantity` cards for the buyer, paid by card through the sandbox. */
async function buyGiftCards(base, buyer, product, quantity = 1, options = {}) {
  const { post } = api(base);
  const order = await post(
    '/store/order/',
    { userId: buyer.id, product: product._id, quantity, totalPrice: product.price * quantity, forMyself: true, userPhone: '01712345678' },
    buyer.token,
  );
  const session = await post(
    '/store/payment/ssl/',
    { amount: (product.price * quantity) / 100, name: 'Buyer', phone: '01712345678', email: buyer.email, product_name: product.name, currency: 'BDT', cus_order_id: order._id },
    buyer.token,
  );
  const returned = await payOnSandbox(session.GatewayPageURL, options);
  return { orderId: order._id, tranId: returned.tran_id };
}

/** Every gift-card code mailed to `email` (the all-in-one's DATA_DIR/mail, or the SMTP sink's maildir). */
function giftCardCodesIn(mailDir, email) {
  let names = [];
  try {
    names = readdirSync(mailDir).filter((n) => n.endsWith('.eml'));
  } catch {
    return [];
  }
  const codes = new Set();
  for (const name of names) {
    const raw = readFileSync(path.join(mailDir, name), 'utf8');
    const headers = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
    if (!(/^To:\s*(.*)$/im.exec(headers)?.[1] ?? '').toLowerCase().includes(email.toLowerCase())) continue;
    const body = raw.replace(/=\r?\n/g, '');
    for (const code of body.match(GIFT_CODE) ?? []) codes.add(code);
  }
  return [...codes];
}

/** Redeems a code into the user's own wallet; answers { amount, balance }. */
async function redeemGiftCard(base, user, code) {
  return api(base).post(`/store/gift-card/redeem/${code}/${user.id}`, {}, user.token);
}

/** The admin settles `amount` of an instructor's due with a PDF receipt (a file in the store). */
async function settle(base, adminToken, profile, amount) {
  const form = new FormData();
  form.set('settleAmount', String(amount));
  form.set('receivedAmount', String(amount));
  form.set('settleDate', today());
  form.set('remarks', 'Payout');
  form.set('status', 'true');
  form.set('photo', new Blob([PDF], { type: 'application/pdf' }), 'receipt.pdf');
  return api(base).post(`/instructor/settlement/${profile}`, form, adminToken);
}

module.exports = {
  PDF,
  ApiError,
  api,
  login,
  keepSignedIn,
  demoAccounts,
  signUpStudents,
  paidCourses,
  retrying,
  payOnSandbox,
  cardCheckout,
  creditWallet,
  createVoucher,
  walletCheckout,
  giftCardProducts,
  buyGiftCards,
  giftCardCodesIn,
  redeemGiftCard,
  settle,
};
