// Shared helpers for the browser tests: start the real all-in-one (`npm start`'s entry point)
// on a free port with a temporary DATA_DIR, and drive Debian's Chromium with playwright-core.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type APIResponse, type Browser, type BrowserContext, type Locator, type Page, type Request, type Route } from 'playwright-core';
import { freePort } from '../../tools/testing/wait';

export { freePort };

export const ROOT = path.resolve(__dirname, '..', '..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface Taal {
  baseUrl: string;
  port: number;
  /** The all-in-one's DATA_DIR (mail outbox under mail/). */
  dataDir: string;
  logs: () => string;
  stop: () => Promise<void>;
}

/** Starts packages/launcher/dist/all-in-one.js and waits until GET /healthz is 200. */
export async function startTaal(extraEnv: Record<string, string> = {}, timeoutMs = 90_000): Promise<Taal> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'taal-e2e-'));
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'packages', 'launcher', 'dist', 'all-in-one.js')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  let exited = false;
  const exitPromise = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));

  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exitPromise;
      clearTimeout(timer);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited) {
      await stop();
      throw new Error(`all-in-one exited before it was healthy:\n${output}`);
    }
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      if (res.status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`all-in-one was not healthy within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { baseUrl, port, dataDir, logs: () => output, stop };
}

/** Chromium; `extraArgs` for one suite (e.g. a fake microphone: practical-exam.e2e.ts). */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--autoplay-policy=no-user-gesture-required', ...extraArgs],
  });
  // Every page's goto is tried again when Chromium aborts it with ERR_NETWORK_CHANGED: it does so
  // when any of the machine's interfaces gains or loses an address, and suites beside the browser
  // ones start containers (testcontainers' FerretDB: a veth with an IPv6 link-local address on
  // podman's bridge). That is this machine, not the site; a reader's browser would load again.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.on('page', gotoAgainOnNetworkChange);
    const newPage = context.newPage.bind(context);
    context.newPage = async () => gotoAgainOnNetworkChange(await newPage());
    return context;
  };
  return browser;
}

/**
 * How an aborted navigation reads: with the code, or (when Chromium's error page replaced the page
 * first) as a navigation interrupted by that error page. A server really down fails all three tries.
 */
const NETWORK_CHANGED = ['ERR_NETWORK_CHANGED', 'interrupted by another navigation to "chrome-error://chromewebdata/"'];
const gotoAgain = new WeakSet<Page>();
function gotoAgainOnNetworkChange(page: Page): Page {
  if (gotoAgain.has(page)) return page;
  gotoAgain.add(page);
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await goto(url, options);
      } catch (err) {
        if (attempt >= 3 || !NETWORK_CHANGED.some((sign) => String(err).includes(sign))) throw err;
      }
    }
  };
  return page;
}

export interface ShotOptions {
  /** Whole page (default) or only the viewport. */
  fullPage?: boolean;
  /** Leave the toasts on the screen (by default they are closed first: they would cover it). */
  keepToasts?: boolean;
  /** Scroll to the top first. */
  scrollTop?: boolean;
}

/** A full-page screenshot into `dir`/`name`.png, toasts closed and fonts loaded first. */
export async function screenshot(page: Page, dir: string, name: string, { fullPage = true, keepToasts = false, scrollTop = false }: ShotOptions = {}): Promise<void> {
  await page.evaluate(
    async ([close, top]) => {
      if (close) document.querySelectorAll<HTMLButtonElement>('.toast button').forEach((b) => b.click());
      if (top) window.scrollTo(0, 0);
      await document.fonts.ready;
    },
    [!keepToasts, scrollTop] as const,
  );
  if (!keepToasts) await page.waitForFunction(() => !document.querySelector('.toast'));
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage });
}

export interface E2E {
  /** The running all-in-one (set in beforeAll). */
  readonly taal: Taal;
  readonly baseUrl: string;
  /** Chromium (set in beforeAll). */
  readonly browser: Browser;
  /** A screenshot into the suite's shotsDir (see `screenshot`). */
  shot: (page: Page, name: string, options?: ShotOptions) => Promise<void>;
}

/**
 * Registers the suite's beforeAll (start the all-in-one with `env`, launch Chromium, make
 * `shotsDir`) and afterAll (close Chromium, stop the all-in-one). `env` may be a function, called
 * in beforeAll (after the hooks the file registered before this call).
 */
export function useE2E(
  options: { env?: Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>); shotsDir?: string; browserArgs?: () => string[] } = {},
): E2E {
  let taal: Taal | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    const env = typeof options.env === 'function' ? await options.env() : options.env;
    taal = await startTaal(env);
    browser = await launchBrowser(options.browserArgs?.() ?? []);
    if (options.shotsDir) fs.mkdirSync(options.shotsDir, { recursive: true });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await taal?.stop();
  }, 30_000);
  const started = <T>(what: string, v: T | undefined): T => {
    if (v === undefined) throw new Error(`${what} is not started (use it inside a test or a later hook)`);
    return v;
  };
  return {
    get taal() {
      return started('the all-in-one', taal);
    },
    get baseUrl() {
      return started('the all-in-one', taal).baseUrl;
    },
    get browser() {
      return started('Chromium', browser);
    },
    shot: (page, name, shotOptions) => {
      if (!options.shotsDir) throw new Error('useE2E was given no shotsDir');
      return screenshot(page, options.shotsDir, name, shotOptions);
    },
  };
}

export interface Envelope<T = unknown> {
  success: boolean;
  data: T;
  message?: string;
  reason?: string;
}

/**
 * JSON calls through the real gateway (`target.baseUrl` read at each call) with a bearer token
 * when one is given: `request` answers the status and the envelope, `call` the envelope's data
 * (and throws unless it succeeded).
 */
export function api(target: { readonly baseUrl: string }) {
  async function request<T = unknown>(method: string, p: string, token?: string | null, body?: unknown): Promise<{ status: number; json: Envelope<T> }> {
    const res = await fetch(`${target.baseUrl}/api/v1/${p}`, {
      method,
      headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as Envelope<T> };
  }
  async function call<T>(method: string, p: string, token?: string | null, body?: unknown): Promise<T> {
    const { status, json } = await request<T>(method, p, token, body);
    if (!json.success) throw new Error(`${method} ${p}: ${status} ${json.message}`);
    return json.data;
  }
  return { request, call };
}

/** Waits until learning has granted the student's enrolment in the course (from commerce.order.paid). */
export async function waitForEnrolment(target: { readonly baseUrl: string }, courseId: string, token: string, timeoutMs = 30_000): Promise<void> {
  const { call } = api(target);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const c = await call<{ enrolment: { active: boolean } | null }>('GET', `course/secure-course/${courseId}`, token);
    if (c.enrolment?.active) return;
    if (Date.now() > deadline) throw new Error(`no active enrolment in ${courseId} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/**
 * Marks every lesson of an enrolled course completed, as the player does at a lesson's end: a
 * certificate follows every lesson (decision 0042). Waits for the demo seed's four lessons first.
 */
export async function completeEveryLesson(target: { readonly baseUrl: string }, courseId: string, token: string): Promise<void> {
  const { call } = api(target);
  const lessons = await waitFor(
    'the demo lessons',
    async () => {
      const c = await call<{ lessons: { _id: string }[] }>('GET', `course/secure-course/${courseId}`, token);
      return c.lessons.length >= 4 ? c.lessons : undefined;
    },
    90_000,
  );
  for (const l of lessons) await call('POST', `lesson/${l._id}/progress`, token, { position: 1, completed: true });
}

/** Waits for a toast with the text; answers the first such toast. */
export async function toastWith(page: Page, text: string, timeout = 15_000): Promise<Locator> {
  const toast = page.locator('.toast', { hasText: text }).first();
  await toast.waitFor({ timeout });
  return toast;
}

/** Fills the login form the page shows and submits it. */
export async function submitLogin(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.fill('#f-email', account.email);
  await page.fill('#f-password', account.password);
  await page.click('[data-testid="login-submit"]');
}

/** Logs in through the UI (/login) and waits for the landing page it leads to (an admin's: the back office, issue 55). */
export async function loginInUi(page: Page, baseUrl: string, account: { email: string; password: string }): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await submitLogin(page, account);
  await page.waitForURL((url) => url.origin === baseUrl && (url.pathname === '/' || url.pathname === '/admin'));
}

/** Opens the header's user menu and waits until it is drawn (reading its items at once raced its render on a busy machine). */
export async function openUserMenu(page: Page): Promise<Locator> {
  await page.click('[data-testid="user-menu"] button');
  const items = page.locator('[data-testid="user-menu-items"]');
  await items.waitFor();
  return items;
}

/** Switches the language with the header's language menu and waits until the page is in it. */
export async function switchLanguage(page: Page, lng: 'en' | 'bn', options: { fonts?: boolean } = {}): Promise<void> {
  await page.selectOption('[data-testid="language-menu"] select', lng);
  await page.waitForFunction((l) => document.documentElement.lang === l, lng);
  if (options.fonts) await page.evaluate(() => document.fonts.ready);
}

/** Polls `probe` every 250 ms until it answers something (`what` may be a function: the failure then
 *  tells what was seen last). */
export async function waitFor<T>(what: string | (() => string), probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${typeof what === 'string' ? what : what()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Playwright's 'networkidle' never comes on a signed-in page: the notification bell's stream stays
 * open, so each wait for it ran into its timeout (5 s a page in the accessibility scan). This one
 * counts the page's requests but the stream and is quiet when none has been in flight for `quietMs`.
 * Call it before the first navigation it should watch.
 */
export function trackRequests(page: Page, isStream = (url: string) => url.includes('/notification/stream')) {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const settle = (r: Request) => {
    if (inFlight.delete(r)) lastChange = Date.now();
  };
  page.on('request', (r) => {
    if (isStream(r.url())) return;
    inFlight.add(r);
    lastChange = Date.now();
  });
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  return {
    /** Resolves once quiet, or after `timeoutMs` regardless (as the 'networkidle' waits it replaces did). */
    async quiet(timeoutMs = 5_000, quietMs = 300): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline && (inFlight.size > 0 || Date.now() - lastChange < quietMs)) await new Promise((r) => setTimeout(r, 50));
    },
  };
}

/**
 * Answers the page's calls to `url` with the real answer's `data` changed by `edit` (a state the
 * server cannot be put in cheaply: an access that ended, a job under way). An answer that is not a
 * success reaches the page as it came, and a call that could not be made is failed: a handler that
 * threw would leave the page's request pending for ever, and the test would wait for a screen
 * that never comes with no word of why (a CI run's course view did, under load).
 */
export async function editAnswer<T>(page: Page, url: string, edit: (data: T) => T): Promise<void> {
  await page.route(url, async (route) => {
    let res: APIResponse;
    try {
      res = await route.fetch();
    } catch (err) {
      console.warn(`editAnswer: ${route.request().method()} ${url} could not be made: ${String(err)}`);
      await route.abort().catch(() => undefined); // the page may have gone on already
      return;
    }
    const body = (await res.json().catch(() => null)) as { success?: boolean; data?: T } | null;
    if (!res.ok() || !body?.success || body.data === undefined) {
      console.warn(`editAnswer: ${url} answered ${res.status()}, passed on unchanged`);
      await route.fulfill({ response: res });
      return;
    }
    await route.fulfill({ response: res, json: { ...body, data: edit(body.data) } });
  });
}

/**
 * The JSON body (as `.body`) of the next `method` answer to `url`, read on its way to the page. A page that navigates as soon
 * as the answer lands (to the card gateway, to a success screen) takes the body with it, so
 * `waitForResponse(...).json()` loses a race with the navigation ("No resource with given identifier found").
 */
export async function answerBody<T>(page: Page, url: string, method = 'POST'): Promise<{ body: Promise<T> }> {
  let settle!: (body: T) => void;
  let fail!: (err: unknown) => void;
  const body = new Promise<T>((resolve, reject) => ((settle = resolve), (fail = reject)));
  let taken = false;
  const handler = async (route: Route): Promise<void> => {
    if (taken || route.request().method() !== method) return route.fallback();
    taken = true;
    try {
      const res = await route.fetch();
      const bytes = await res.body(); // already decoded: the page must not be told it is still compressed
      const headers = Object.fromEntries(Object.entries(res.headers()).filter(([name]) => !/^content-(encoding|length)$/i.test(name)));
      settle(JSON.parse(bytes.toString('utf8')) as T);
      await route.fulfill({ status: res.status(), headers, body: bytes });
    } catch (err) {
      fail(err);
      await route.abort().catch(() => undefined);
    }
    // Removed only once the answer is given: removing a handler that is still running lets the request go on without it.
    await page.unroute(url, handler).catch(() => undefined);
  };
  await page.route(url, handler);
  return { body }; // wrapped: an async function returning the promise itself would wait for the answer here
}

/** Today in Dhaka (UTC+6), YYYY-MM-DD, plus `days`. */
export const dhakaDay = (days = 0) => new Date(Date.now() + 6 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
/** YYYY-MM-DD as DD-MM-YYYY. */
export const dmy = (iso: string) => iso.split('-').reverse().join('-');

export interface Session {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

/** A fresh context (empty local storage and cookies) with page errors collected. */
/**
 * A page in a fresh context. Chromium plays HLS itself (canPlayType answers "maybe"), and the
 * player then never loads hls.js; the pages here answer "" for HLS by default, as Firefox and
 * older Chromium do, so the player's hls.js path (quality menu, rendition switches) is what the
 * tests drive. `nativeHls: true` keeps the browser's own HLS.
 */
export async function openPage(browser: Browser, width = 1366, options: { nativeHls?: boolean } = {}): Promise<Session> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  if (!options.nativeHls) {
    await context.addInitScript(() => {
      const own = HTMLMediaElement.prototype.canPlayType;
      HTMLMediaElement.prototype.canPlayType = function (type: string) {
        return /mpegurl/i.test(type) ? '' : own.call(this, type);
      };
    });
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

export async function apiGet<T>(baseUrl: string, p: string): Promise<T> {
  const res = await fetch(`${baseUrl}/api/v1/${p}`);
  const body = (await res.json()) as { success: boolean; data: T };
  if (!body.success) throw new Error(`GET ${p} failed`);
  return body.data;
}

/** Money as the screens and the PDFs write it (issue 55: thousands grouped): 'BDT 2,500.00'. */
export const bdt = (poisha: number) => `BDT ${(poisha / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
export const discount = (price: number, oldPrice: number) => Math.round((price / oldPrice) * 100 - 100);

/** The demo accounts the all-in-one seeds (README.md, "Demo accounts"). */
export const DEMO = {
  admin: { email: 'admin@taal.local', password: 'admin123' },
  content: { email: 'content@taal.local', password: 'content123' },
  instructor: { email: 'instructor@taal.local', password: 'instructor123' },
  student: { email: 'student@taal.local', password: 'student123' },
} as const;

export interface LoginAnswer {
  token: string;
  refreshToken: string;
  type: number;
  user: { _id: string; name: string; email: string; type: number };
}

/**
 * Puts a real session (from POST user/login) into the page's local storage, as a login does;
 * null logs out. `clear` empties the storage first (a fresh browser); `lang` sets the language.
 */
export async function useSession(page: Page, baseUrl: string, s: LoginAnswer | null, options: { clear?: boolean; lang?: 'en' | 'bn' } = {}): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.evaluate(
    ([x, o]) => {
      if (o.clear) localStorage.clear();
      else for (const key of ['token', 'refreshToken', 'type', 'user', 'login']) localStorage.removeItem(key);
      if (o.lang) localStorage.setItem('i18nextLng', o.lang);
      if (!x) return;
      localStorage.setItem('token', x.token);
      localStorage.setItem('refreshToken', x.refreshToken);
      localStorage.setItem('type', String(x.type));
      localStorage.setItem('user', JSON.stringify(x.user));
      localStorage.setItem('login', 'true');
    },
    [s, options] as const,
  );
}

/**
 * POST user/login through the real gateway. A 503/504 (the stack said "busy, try again": a deadline
 * passed on a starved machine, as CI's accessibility run met) is tried again after a second, as a
 * user would; any other refusal fails at once.
 */
export async function loginByApi(baseUrl: string, account: { email: string; password: string }): Promise<LoginAnswer> {
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(`${baseUrl}/api/v1/user/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(account),
    });
    const body = (await res.json()) as { success: boolean; data: LoginAnswer; message?: string };
    if (body.success) return body.data;
    if ((res.status !== 503 && res.status !== 504) || attempt === 3) throw new Error(`login as ${account.email} failed (${res.status}): ${body.message}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Undoes quoted-printable soft line breaks and escapes. */
export function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export interface Mail {
  file: string;
  subject: string;
  body: string;
}

/** The .eml files of the all-in-one's outbox ($DATA_DIR/mail) addressed to `to`, oldest first. */
export function mailsTo(taal: Taal, to: string): Mail[] {
  const dir = path.join(taal.dataDir, 'mail');
  let names: string[] = [];
  try {
    names = fs.readdirSync(dir).filter((n) => n.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return names.flatMap((file) => {
    const raw = fs.readFileSync(path.join(dir, file), 'utf8');
    const end = raw.search(/\r?\n\r?\n/);
    const headers = raw.slice(0, end).replace(/\r?\n[ \t]+/g, ' ');
    if (!(/^To:\s*(.*)$/im.exec(headers)?.[1] ?? '').toLowerCase().includes(to.toLowerCase())) return [];
    return [{ file, subject: /^Subject:\s*(.*)$/im.exec(headers)?.[1] ?? '', body: decodeQuotedPrintable(raw.slice(end)) }];
  });
}

/** Waits until at least `count` mails to `to` are in the outbox. */
/** A PDF's text as poppler's pdftotext reads it. */
export function pdfText(file: string): string {
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** The text of the PDF a mail carries (its first application/pdf part); null when it has none. */
export function attachedPdfText(taal: Taal, mail: Mail): string | null {
  const raw = fs.readFileSync(path.join(taal.dataDir, 'mail', mail.file), 'utf8');
  const part = /Content-Type: application\/pdf;[^\n]*\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(raw);
  if (!part) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'taal-attached-'));
  try {
    const file = path.join(dir, 'attached.pdf');
    fs.writeFileSync(file, Buffer.from(part[1]!.replace(/\s+/g, ''), 'base64'));
    return pdfText(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function waitForMails(taal: Taal, to: string, count = 1, timeoutMs = 15_000): Promise<Mail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = mailsTo(taal, to);
    if (mails.length >= count) return mails;
    if (Date.now() > deadline) throw new Error(`expected ${count} mail(s) to ${to}, found ${mails.length}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export interface SignUpFields {
  name: string;
  email: string;
  password: string;
  dob: string;
  phone: string;
  address: string;
}

/**
 * POST user/signup/{referralCode} as the sign-up page sends it (multipart, confirmPassword equal to
 * the password, a PNG photo of `photo` pixels drawn by `page`); the gateway's answer.
 */
export async function signUpByApi(page: Page, baseUrl: string, fields: SignUpFields, options: { photo?: { width: number; height: number }; referralCode?: string } = {}): Promise<Response> {
  const { width, height } = options.photo ?? { width: 40, height: 40 };
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...fields, confirmPassword: fields.password })) form.append(k, v);
  form.append('photo', new Blob([new Uint8Array(await makePng(page, width, height))], { type: 'image/png' }), 'p.png');
  return fetch(`${baseUrl}/api/v1/user/signup/${options.referralCode ?? ''}`, { method: 'POST', body: form });
}

/** The token of the first verification link (/verify-email/{token}) mailed to `to`; waits for it. */
export async function verificationToken(taal: Taal, to: string, timeoutMs = 15_000): Promise<string> {
  const link = /\/verify-email\/([\w.-]+)/;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const token = mailsTo(taal, to)
      .map((m) => link.exec(m.body)?.[1])
      .find(Boolean);
    if (token) return token;
    if (Date.now() > deadline) throw new Error(`no verification mail to ${to}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Width and height of a baseline or progressive JPEG, from its SOF marker. */
export function jpegSize(buf: Buffer): { width: number; height: number } | null {
  if (buf[0] !== 0xff || buf[1] !== 0xd8) return null;
  let i = 2;
  while (i + 9 < buf.length) {
    if (buf[i] !== 0xff) return null;
    const marker = buf[i + 1]!;
    const len = buf.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: buf.readUInt16BE(i + 5), width: buf.readUInt16BE(i + 7) };
    }
    i += 2 + len;
  }
  return null;
}

/** A PNG of the given size drawn by the browser (a real image for the sign-up form). */
export async function makePng(page: Page, width: number, height: number): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ([w, h]) => {
      const c = document.createElement('canvas');
      c.width = w!;
      c.height = h!;
      const ctx = c.getContext('2d')!;
      const g = ctx.createLinearGradient(0, 0, w!, h!);
      g.addColorStop(0, '#b5471b');
      g.addColorStop(1, '#e8a33d');
      ctx.fillStyle = g;
      ctx.fillRect(0, 0, w!, h!);
      ctx.fillStyle = '#fff';
      ctx.font = '120px sans-serif';
      ctx.fillText('Taal', 80, 200);
      return c.toDataURL('image/png');
    },
    [width, height],
  );
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}
