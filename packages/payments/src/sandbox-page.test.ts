import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SANDBOX_FONT_FILE, sandboxLanguage, sandboxPage, type PageInput } from './sandbox-page';

const input = (over: Partial<PageInput> = {}): PageInput => ({
  lang: 'en',
  base: 'http://shop.test/sslcommerz-sandbox',
  state: 'open',
  amount: '2500.00',
  currency: 'BDT',
  tranId: 'TAAL-1',
  action: (c) => `http://shop.test/sslcommerz-sandbox/gwprocess/v4/pay/AB/${c}`,
  shop: 'http://shop.test/',
  ...over,
});

describe("the sandbox page's language (issue 55, decision 0071)", () => {
  it.each([
    [{}, 'en'],
    [{ cookie: 'i18next=bn' }, 'bn'],
    [{ cookie: 'a=1; i18next=bn; b=2' }, 'bn'],
    [{ cookie: 'i18next=en', 'accept-language': 'bn-BD,bn;q=0.9' }, 'en'], // the site's choice first
    [{ cookie: 'i18next=fr', 'accept-language': 'bn' }, 'bn'],
    [{ 'accept-language': 'bn-BD,bn;q=0.9,en;q=0.8' }, 'bn'],
    [{ 'accept-language': 'en-US,en;q=0.9,bn;q=0.8' }, 'en'],
    [{ 'accept-language': 'fr, bn;q=0.5, en;q=0.4' }, 'bn'],
    [{ 'accept-language': 'en;q=0.3, bn;q=0.7' }, 'bn'],
    [{ 'accept-language': 'bn;q=0' }, 'en'],
    [{ 'accept-language': 'de, fr' }, 'en'],
  ])('%j is %s', (headers, lang) => {
    expect(sandboxLanguage(headers)).toBe(lang);
  });
});

describe('the sandbox page', () => {
  it('asks in Bengali, money and digits as the site writes them, buttons keeping their values', () => {
    const { html, headers } = sandboxPage(input({ lang: 'bn' }));
    expect(html).toContain('<html lang="bn">');
    expect(html).toContain('<strong>২,৫০০.০০ টাকা</strong> পরিশোধ করুন');
    expect(html).toContain('<button type="submit" name="choice" value="pay">পরিশোধ করুন</button>');
    expect(html).toContain('<button type="submit" name="choice" value="cancel">বাতিল করুন</button>');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(headers['content-language']).toBe('bn');
    expect(sandboxPage(input()).html).toContain('Pay <strong>BDT 2,500.00</strong> for transaction <code>TAAL-1</code>');
  });

  it('says what a settled attempt came to in either language, without buttons', () => {
    expect(sandboxPage(input({ lang: 'bn', state: 'paid' })).html).toContain('<p data-state="paid">এই পেমেন্ট সম্পন্ন হয়েছে');
    expect(sandboxPage(input({ lang: 'bn', state: 'cancelled' })).html).toContain('<a href="http://shop.test/">দোকানে ফিরে যান</a>');
    expect(sandboxPage(input({ state: 'failed' })).html).toContain('This payment attempt has ended: it failed.');
    expect(sandboxPage(input({ lang: 'bn', state: 'failed' })).html).not.toContain('<button');
  });

  it('allows its own style (by hash) and its font, nothing else, and is never cached', () => {
    const { html, headers } = sandboxPage(input({ lang: 'bn' }));
    const style = /<style>(.*)<\/style>/.exec(html)![1]!;
    const csp = headers['content-security-policy']!;
    expect(csp).toContain(`style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain('font-src http://shop.test;');
    expect(style).toContain('url("http://shop.test/sslcommerz-sandbox/gwprocess/v4/font/noto-sans-bengali-400.woff2")');
    expect(headers['cache-control']).toBe('no-store');
  });

  it("serves the site's own Bengali font: its copy is the shell's file, byte for byte", () => {
    const shell = path.resolve(__dirname, '..', '..', '..', 'frontends', 'shell', 'src', 'fonts', 'noto-sans-bengali-bengali-400-normal.woff2');
    expect(readFileSync(SANDBOX_FONT_FILE).equals(readFileSync(shell))).toBe(true);
  });
});
