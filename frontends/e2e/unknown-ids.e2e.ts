// Issue 55 (Deliver 3): a page of one record whose id is unknown answers HTTP 404 (the server asks
// the service that owns the record before answering, frontends/web's recordExists), and still shows
// its own "not found" view; a known id stays 200. Course, instructor, freebie, gift card and
// certificate, in English and Bengali. Screenshots: /tmp/shots-unknown-ids (override with SHOTS_DIR).
import { apiGet, openPage, useE2E } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-unknown-ids';
const e2e = useE2E({ shotsDir: SHOTS });

const UNKNOWN_UUID = '00000000-0000-4000-8000-0000000fffff';

/** Each page: an unknown URL, the text its not-found view shows (en, bn), and a known URL with what it shows. */
async function pages() {
  const course = (await apiGet<{ _id: string }[]>(e2e.baseUrl, 'course/'))[0]!;
  const instructor = (await apiGet<{ _id: string }[]>(e2e.baseUrl, 'instructor/'))[0]!;
  const freebie = (await apiGet<{ _id: string }[]>(e2e.baseUrl, 'freebies/'))[0]!;
  const product = (await apiGet<{ _id: string }[]>(e2e.baseUrl, 'store/product/'))[0]!;
  return [
    { name: 'course', unknown: `/courseview?id=${UNKNOWN_UUID}`, text: ['Course not found', null], known: `/courseview?id=${course._id}`, shows: '[data-testid="course-view"]' },
    { name: 'course-no-id', unknown: '/courseview', text: ['Course not found', null] },
    { name: 'course-bad-id', unknown: '/courseview?id=nope', text: ['Course not found', null] },
    { name: 'instructor', unknown: `/instructorview/${UNKNOWN_UUID}`, text: ['Instructor not found', null], known: `/instructorview/${instructor._id}`, shows: '[data-testid="instructor-view"]' },
    { name: 'freebie', unknown: `/freebies/${UNKNOWN_UUID}`, text: ['This freebie does not exist (any more).', null], known: `/freebies/${freebie._id}`, shows: '[data-testid="freebie-view"]' },
    { name: 'gift-card', unknown: '/products/giftCard/no-such-card', text: ['This gift card was not found.', null], known: `/products/giftCard/${product._id}`, shows: '[data-testid="gift-login"]' },
    { name: 'certificate', unknown: `/certificate/${UNKNOWN_UUID}`, text: ['Certificate not found', null] },
  ];
}

test('an unknown course, instructor, freebie, gift card or certificate id answers 404 with its not-found view; a known one 200', async () => {
  const list = await pages();
  // Over HTTP: the status and the shell's page.
  for (const p of list) {
    const res = await fetch(`${e2e.baseUrl}${p.unknown}`);
    expect({ url: p.unknown, status: res.status }).toEqual({ url: p.unknown, status: 404 });
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toContain('<div id="root"');
    if (p.known) expect({ url: p.known, status: (await fetch(`${e2e.baseUrl}${p.known}`)).status }).toEqual({ url: p.known, status: 200 });
  }
  // In the browser: the same statuses, and the page's own not-found view, in both languages.
  for (const lng of ['en', 'bn'] as const) {
    const { page, context, errors } = await openPage(e2e.browser);
    try {
      await page.goto(`${e2e.baseUrl}/`);
      await page.evaluate((l) => localStorage.setItem('i18nextLng', l), lng);
      for (const p of list) {
        const res = await page.goto(`${e2e.baseUrl}${p.unknown}`);
        expect({ url: p.unknown, status: res?.status() }).toEqual({ url: p.unknown, status: 404 });
        const text = p.text[lng === 'en' ? 0 : 1];
        const expected = text ?? (await bengaliOf(page, p.text[0]!));
        await page.getByText(expected, { exact: true }).first().waitFor();
        expect(await page.locator('[data-testid="not-found"]').count()).toBe(0); // its own view, not the unknown-path page
        await page.evaluate(() => document.fonts.ready);
        await e2e.shot(page, `${p.name}-${lng}`, { fullPage: false });
        if (p.known) {
          const ok = await page.goto(`${e2e.baseUrl}${p.known}`);
          expect({ url: p.known, status: ok?.status() }).toEqual({ url: p.known, status: 200 });
          await page.locator(p.shows!).first().waitFor();
          expect(await page.getByText(p.text[0]!, { exact: true }).count()).toBe(0);
        }
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }
}, 240_000);

/** The Bengali text of an English one, from the translations the page loaded. */
async function bengaliOf(page: import('playwright-core').Page, english: string): Promise<string> {
  return page.evaluate(async (en) => {
    const [enT, bnT] = await Promise.all(['en', 'bn'].map(async (l) => (await fetch(`/assets/locales/${l}/translation.json`)).json()));
    const find = (o: Record<string, unknown>, p: string[] = []): string[] | null => {
      for (const [k, v] of Object.entries(o)) {
        if (v === en) return [...p, k];
        if (v && typeof v === 'object') {
          const r = find(v as Record<string, unknown>, [...p, k]);
          if (r) return r;
        }
      }
      return null;
    };
    const keys = find(enT)!;
    return keys.reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], bnT) as string;
  }, english);
}
