// Continue with Google / Facebook against the real all-in-one. The providers cannot be reached
// here, so local stand-ins play them: identity verifies Google ID tokens against a local JWKS and
// Facebook tokens against a local Graph-like API (services/identity's test stand-ins), and the
// login page loads stand-in provider scripts (the Google Identity Services and Facebook SDK
// browser API) from the URLs given at run time in /config/social-login.json.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { startSocialStandins, type SocialStandins } from '../../tools/testing/social-standins';
import { DEMO, loginByApi, openPage, useE2E, openUserMenu } from './support';

let standins: SocialStandins;
let scripts: http.Server;

const GOOGLE_USER = { sub: 'google-sub-1001', email: 'gina.google@example.com', email_verified: true, name: 'Gina Google' };
const FACEBOOK_USER = { userId: '424242', name: 'Farhan Facebook', email: 'farhan.fb@example.com' };

// Google Identity Services' browser API: initialize({ client_id, callback }) then prompt().
const GSI = `(function () {
  var base = new URL(document.currentScript.src).origin, options = null;
  window.google = { accounts: { id: {
    initialize: function (o) { options = o; },
    prompt: function () {
      fetch(base + '/google/credential?aud=' + encodeURIComponent(options.client_id) + (window.__rejectNext ? '&bad=1' : ''))
        .then(function (r) { return r.json(); })
        .then(function (b) { options.callback({ credential: b.credential, select_by: 'user' }); });
    }
  } } };
})();`;

// The Facebook JS SDK's browser API: init({ appId, version }) then login(callback, { scope }).
const FB_SDK = `(function () {
  var base = new URL(document.currentScript.src).origin, app = null;
  window.FB = {
    init: function (o) { app = o; },
    login: function (cb) {
      fetch(base + '/facebook/login?app=' + encodeURIComponent(app.appId))
        .then(function (r) { return r.json(); })
        .then(function (b) { cb({ status: 'connected', authResponse: { accessToken: b.accessToken, userID: b.userID } }); });
    }
  };
})();`;

beforeAll(async () => {
  standins = await startSocialStandins();
  scripts = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    res.setHeader('Access-Control-Allow-Origin', '*');
    const send = (type: string, body: string) => {
      res.writeHead(200, { 'content-type': type });
      res.end(body);
    };
    if (url.pathname === '/gsi/client') return send('text/javascript', GSI);
    if (url.pathname === '/facebook/sdk.js') return send('text/javascript', FB_SDK);
    if (url.pathname === '/google/credential') {
      const bad = url.searchParams.get('bad') === '1';
      void standins.googleIdToken({ ...GOOGLE_USER, aud: bad ? 'someone-else.apps.googleusercontent.com' : (url.searchParams.get('aud') ?? '') }).then((credential) => send('application/json', JSON.stringify({ credential })));
      return;
    }
    if (url.pathname === '/facebook/login') {
      const accessToken = standins.facebookToken({ ...FACEBOOK_USER, appId: url.searchParams.get('app') ?? '' });
      return send('application/json', JSON.stringify({ accessToken, userID: FACEBOOK_USER.userId }));
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => scripts.listen(0, '127.0.0.1', resolve));
}, 120_000);

// Started after the hook above: the all-in-one is given the stand-ins and the scripts' server.
const e2e = useE2E({
  env: () => {
    const base = `http://127.0.0.1:${(scripts.address() as AddressInfo).port}`;
    return {
      GOOGLE_CLIENT_ID: standins.google.clientId,
      GOOGLE_JWKS_URL: standins.google.jwksUrl,
      FACEBOOK_APP_ID: standins.facebook.appId,
      FACEBOOK_APP_SECRET: standins.facebook.appSecret,
      FACEBOOK_GRAPH_URL: standins.facebook.graphUrl,
      GOOGLE_LOGIN_SCRIPT_URL: `${base}/gsi/client`,
      FACEBOOK_LOGIN_SCRIPT_URL: `${base}/facebook/sdk.js`,
    };
  },
});

// Registered after useE2E's: runs once Chromium and the all-in-one are stopped.
afterAll(async () => {
  await new Promise((r) => scripts?.close(r));
  await standins?.close();
}, 30_000);

async function userMenu(page: Page): Promise<string[]> {
  const items = await (await openUserMenu(page)).locator('li').allTextContents();
  await page.keyboard.press('Escape');
  return items;
}

async function logout(page: Page) {
  await page.click('[data-testid="user-menu"] button');
  await page.click('[data-testid="logout"]');
  await page.waitForSelector('header a[href="/login"]');
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
}

test('the run-time config names the provider scripts and ids, never a secret', async () => {
  const config = (await (await fetch(`${e2e.baseUrl}/config/social-login.json`)).json()) as Record<string, Record<string, string>>;
  expect(config.google).toEqual({ scriptUrl: expect.stringMatching(/\/gsi\/client$/), clientId: standins.google.clientId });
  expect(config.facebook).toEqual({ scriptUrl: expect.stringMatching(/\/facebook\/sdk\.js$/), appId: standins.facebook.appId });
  expect(JSON.stringify(config)).not.toContain(standins.facebook.appSecret);
});

test('Continue with Google and with Facebook log in through the real endpoints; a rejected token gives no message', async () => {
  const { page, context, errors } = await openPage(e2e.browser);
  try {
    await page.goto(`${e2e.baseUrl}/login`);
    await page.waitForSelector('[data-testid="google-login"]:not([disabled])');
    await page.waitForSelector('[data-testid="facebook-login"]:not([disabled])');
    expect(await page.locator('[data-testid="social-unavailable"]').count()).toBe(0);

    // A token Google issued to another app: identity refuses it; spec §8: no message.
    await page.evaluate(() => ((window as unknown as { __rejectNext: boolean }).__rejectNext = true));
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/v1/user/googlelogin'));
    await page.click('[data-testid="google-login"]');
    expect((await refused).status()).toBe(401);
    await page.waitForSelector('[data-testid="google-login"]:not([disabled])');
    expect(page.url()).toBe(`${e2e.baseUrl}/login`);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await page.locator('[data-testid="login-alert"], .toast').count()).toBe(0);

    await page.evaluate(() => ((window as unknown as { __rejectNext: boolean }).__rejectNext = false));
    await page.click('[data-testid="google-login"]');
    await page.waitForURL(`${e2e.baseUrl}/`);
    expect(await page.evaluate(() => localStorage.getItem('type'))).toBe('4');
    expect((await userMenu(page)).slice(0, 2)).toEqual(['Gina Google', 'Classroom']);
    await logout(page);

    await page.goto(`${e2e.baseUrl}/login?redirect=cart`);
    await page.waitForSelector('[data-testid="facebook-login"]:not([disabled])');
    await page.click('[data-testid="facebook-login"]');
    await page.waitForURL('**/cart');
    expect((await userMenu(page)).slice(0, 2)).toEqual(['Farhan Facebook', 'Classroom']);
    await logout(page);

    // The back office lists both, with their provider.
    const admin = await loginByApi(e2e.baseUrl, DEMO.admin);
    await page.evaluate((s) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('refreshToken', s.refreshToken);
      localStorage.setItem('type', String(s.type));
      localStorage.setItem('user', JSON.stringify(s.user));
    }, admin);
    await page.goto(`${e2e.baseUrl}/oauthusers`);
    await page.waitForSelector('[data-testid="oauth-table"] [data-testid="table-row"]');
    const rows = await page.$$eval('[data-testid="oauth-table"] [data-testid="table-row"]', (trs) =>
      trs.map((tr) => [tr.querySelector('[data-col="email"]')?.textContent, tr.querySelector('[data-col="provider"]')?.textContent]),
    );
    expect(rows.sort()).toEqual([
      [FACEBOOK_USER.email, 'Facebook'],
      [GOOGLE_USER.email, 'Google'],
    ]);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 90_000);
