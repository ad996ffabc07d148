import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { bengaliDigits, moneyText, takaToPoisha } from '@taal/contracts';

/**
 * The sandbox's hosted page in the visitor's language (issue 55, decision 0071): English or
 * Bengali, chosen as the site's server-rendered pages choose (i18next's cookie), else by the
 * browser's Accept-Language, else English. Laid out for a phone (viewport meta). Its Bengali is
 * drawn with the site's own Bengali font (Noto Sans Bengali, regular, the shell's subset; a copy in
 * ../assets that a unit test keeps equal), served by the sandbox itself, so it never draws as boxes
 * on a machine without a Bengali system font; the page's CSP allows that font and its one style
 * (by hash), and nothing else.
 */

export type SandboxLanguage = 'en' | 'bn';
export type SettledState = 'paid' | 'failed' | 'cancelled';

/** Where the sandbox serves the font (under its own prefix). */
export const SANDBOX_FONT_PATH = '/gwprocess/v4/font/noto-sans-bengali-400.woff2';
export const SANDBOX_FONT_FILE = path.join(__dirname, '..', 'assets', 'noto-sans-bengali-400.woff2');

const TEXT = {
  en: {
    title: 'SSLCommerz sandbox',
    pay: (amount: string, tran: string) => `Pay <strong>${amount}</strong> for transaction <code>${tran}</code>`,
    buttons: { pay: 'Pay', fail: 'Fail', cancel: 'Cancel' },
    settled: {
      paid: 'This payment is complete: it has been paid. You can close this page.',
      failed: 'This payment attempt has ended: it failed.',
      cancelled: 'This payment attempt has ended: it was cancelled.',
    },
    back: 'Back to the shop',
  },
  bn: {
    title: 'SSLCommerz স্যান্ডবক্স',
    pay: (amount: string, tran: string) => `লেনদেন <code>${tran}</code>-এর জন্য <strong>${amount}</strong> পরিশোধ করুন`,
    buttons: { pay: 'পরিশোধ করুন', fail: 'ব্যর্থ করুন', cancel: 'বাতিল করুন' },
    settled: {
      paid: 'এই পেমেন্ট সম্পন্ন হয়েছে: টাকা পরিশোধ করা হয়েছে। আপনি এই পেজটি বন্ধ করতে পারেন।',
      failed: 'এই পেমেন্টের চেষ্টা শেষ হয়েছে: এটি ব্যর্থ হয়েছে।',
      cancelled: 'এই পেমেন্টের চেষ্টা শেষ হয়েছে: এটি বাতিল করা হয়েছে।',
    },
    back: 'দোকানে ফিরে যান',
  },
} as const;

/** The visitor's language: i18next's cookie (the site's choice), else the preferred of en and bn in Accept-Language, else en. */
export function sandboxLanguage(headers: http.IncomingHttpHeaders): SandboxLanguage {
  const cookie = /(?:^|;\s*)i18next=(bn|en)\b/.exec(headers.cookie ?? '')?.[1];
  if (cookie === 'bn' || cookie === 'en') return cookie;
  let best: { lang: SandboxLanguage; q: number } | null = null;
  for (const part of String(headers['accept-language'] ?? '').split(',')) {
    const [tag = '', ...params] = part.trim().toLowerCase().split(';');
    const lang = /^[a-z]+/.exec(tag)?.[0];
    if (lang !== 'en' && lang !== 'bn') continue;
    const q = Number(/^\s*q=([0-9.]+)\s*$/.exec(params.find((p) => p.trim().startsWith('q=')) ?? '')?.[1] ?? '1');
    if (Number.isFinite(q) && q > 0 && (!best || q > best.q)) best = { lang, q };
  }
  return best?.lang ?? 'en';
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** An amount as the site writes money ('BDT 1,234.50', '১,২৩৪.৫০ টাকা'); another currency as the gateway had it. */
function amountText(amount: string, currency: string, lang: SandboxLanguage): string {
  const poisha = takaToPoisha(amount);
  if (currency === 'BDT' && poisha !== null) return moneyText(poisha, lang);
  return lang === 'bn' ? `${bengaliDigits(amount)} ${currency}` : `${amount} ${currency}`;
}

export interface PageInput {
  lang: SandboxLanguage;
  /** The sandbox's public base (absolute, no trailing slash): the font's and the forms' URLs start with it. */
  base: string;
  state: 'open' | SettledState;
  amount: string;
  currency: string;
  tranId: string;
  /** A button's form action (absolute). */
  action: (choice: 'pay' | 'fail' | 'cancel') => string;
  /** The shop's front page (a settled attempt links back to it). */
  shop: string;
}

/** The page's HTML and the headers it is sent with. */
export function sandboxPage(p: PageInput): { html: string; headers: Record<string, string> } {
  const t = TEXT[p.lang];
  const fontUrl = `${p.base}${SANDBOX_FONT_PATH}`;
  const style =
    `@font-face{font-family:"Noto Sans Bengali";src:url("${fontUrl}") format("woff2");font-display:block;unicode-range:U+0964-0965,U+0980-09FF,U+200C-200D,U+25CC}` +
    'body{font-family:"Noto Sans Bengali",system-ui,sans-serif;margin:0 auto;padding:16px;max-width:40rem;line-height:1.5;overflow-wrap:anywhere}' +
    'h1{font-size:1.4rem}code{word-break:break-all}form{display:inline-block;margin:4px 8px 4px 0}button{font:inherit;min-height:44px;padding:8px 16px}';
  const hash = createHash('sha256').update(style, 'utf8').digest('base64');
  const button = (choice: 'pay' | 'fail' | 'cancel') =>
    `<form method="post" action="${escapeHtml(p.action(choice))}"><button type="submit" name="choice" value="${choice}">${t.buttons[choice]}</button></form>`;
  const body =
    p.state !== 'open'
      ? `<p data-state="${p.state}">${t.settled[p.state]}</p><p><a href="${escapeHtml(p.shop)}">${t.back}</a></p>`
      : `<p>${t.pay(escapeHtml(amountText(p.amount, p.currency, p.lang)), escapeHtml(p.tranId))}</p>` + button('pay') + button('fail') + button('cancel');
  const html =
    `<!doctype html><html lang="${p.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${t.title}</title><style>${style}</style></head><body><h1>${t.title}</h1>${body}</body></html>`;
  return {
    html,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-language': p.lang,
      vary: 'Cookie, Accept-Language',
      'content-security-policy': `default-src 'none'; style-src 'sha256-${hash}'; font-src ${new URL(fontUrl).origin}; base-uri 'none'; frame-ancestors 'none'`,
      // Never kept (HTTP cache or back/forward cache): going back to it asks again, and a settled attempt says so.
      'cache-control': 'no-store',
    },
  };
}

let font: Buffer | null = null;

/** The font, as the page asks for it (read once). */
export function sendSandboxFont(res: http.ServerResponse): void {
  font ??= readFileSync(SANDBOX_FONT_FILE);
  res.writeHead(200, { 'content-type': 'font/woff2', 'content-length': String(font.length), 'cache-control': 'public, max-age=86400' });
  res.end(font);
}
