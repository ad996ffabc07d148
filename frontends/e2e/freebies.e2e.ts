// Freebies and the landing popup in the browser against the real all-in-one (issue 10, decision
// 0017): the demo admin adds a freebie with a YouTube link, a PDF and rich text carrying a
// <script> and an onerror= attribute (typed in the HTML view of the editor); /freebies lists it
// first under its category with the Video, category and Document pills; its page shows the text
// with no script running (no global set, no dialog); the carousel shows 2 slides, 1 up to 1024 px;
// the update form changes only what changed and goes back to the list. The admin turns the popup
// on and a visitor sees it once per visit. Screenshots in en and bn go to /tmp/shots/freebies
// (override with SHOTS_DIR).
import { DEMO, loginByApi, loginInUi, makePng, openPage, switchLanguage, toastWith, useE2E } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots/freebies';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
const SUBTITLE = 'Eighth notes, sixteenth notes and the open hi-hat: a short lesson with a practice sheet to print, and a play-along at three tempos.';
const EVIL = '<script>window.__pwned = 1; alert("script")</script><p><img src="/nope.png" onerror="window.__pwned = 2; alert(\'onerror\')">Tap along.</p>';

const e2e = useE2E({ shotsDir: SHOTS });
const { shot } = e2e;

interface Freebie {
  _id: string;
  title: string;
  catagory: string;
  description: string;
  youtube: string;
  documents: { path: string; name: string }[];
  carouselList: string[];
}

async function freebies(): Promise<Freebie[]> {
  return ((await (await fetch(`${e2e.baseUrl}/api/v1/freebies/`)).json()) as { data: Freebie[] }).data;
}

test('an admin adds a freebie with a YouTube link, a PDF and hostile rich text; visitors find it first and no script runs', async () => {
  const admin = await openPage(e2e.browser);
  const { page } = admin;
  try {
    await loginInUi(page, e2e.baseUrl, DEMO.admin);
    await page.goto(`${e2e.baseUrl}/adminfreebies`);
    // The demo seed's freebies are listed.
    await page.locator('[data-testid="admin-freebie"]').first().waitFor();
    await page.click('[data-testid="new-freebie"]');
    await page.waitForSelector('[data-testid="freebie-form"]');
    await page.waitForSelector('[data-testid="freebie-description-content"]');

    // Nothing filled: the spec's message, nothing sent.
    await page.click('[data-testid="freebie-save"]');
    await toastWith(page, 'Any of the field is not fillup!!!');
    expect(await page.textContent('[data-testid="freebie-form-error"]')).toContain('Any of the field is not fillup!!!');

    await page.fill('[data-testid="freebie-title"]', 'Keeping time on the hi-hat');
    await page.fill('[data-testid="freebie-subtitle"]', SUBTITLE);
    await page.selectOption('[data-testid="freebie-category"]', 'Drums');
    // A real editor: typed text, then bold through the toolbar.
    await page.click('[data-testid="freebie-description-content"]');
    await page.keyboard.type('Count out loud: one and two and. ');
    await page.click('[data-tool="bold"]');
    await page.keyboard.type('Never rush.');
    expect(await page.getAttribute('[data-tool="bold"]', 'aria-pressed')).toBe('true');
    expect((await page.textContent('[data-testid="freebie-description-content"] strong'))?.trim()).toBe('Never rush.');
    await page.fill('[data-testid="freebie-youtube"]', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await page.setInputFiles('[data-testid="freebie-documents"]', { name: 'hi-hat-sheet.pdf', mimeType: 'application/pdf', buffer: PDF });
    await shot(page, 'admin-add-freebie-en');
    // The HTML view: markup pasted from elsewhere goes to the server as it is.
    await page.click('[data-testid="freebie-description-source-toggle"]');
    const source = page.locator('[data-testid="freebie-description-source"]');
    await source.fill(`${await source.inputValue()}${EVIL}`);
    await page.click('[data-testid="freebie-save"]');

    await toastWith(page, 'Post Created Successfully!!!');
    await page.waitForURL(`${e2e.baseUrl}/adminfreebies`);
    const first = page.locator('[data-testid="admin-freebie"]').first();
    await first.waitFor();
    expect(await first.locator('h3').textContent()).toBe('Keeping time on the hi-hat');
    // The subtitle is cut to its first 100 characters.
    expect(await first.locator('[data-testid="admin-freebie-subtitle"]').textContent()).toBe(`${SUBTITLE.slice(0, 100)}…`);
    const [stored] = await freebies();
    expect(stored).toMatchObject({ title: 'Keeping time on the hi-hat', catagory: 'Drums', documents: [{ name: 'hi-hat-sheet.pdf' }] });
    expect(stored!.description).not.toMatch(/script|onerror|__pwned|alert/);
    expect(stored!.description).toMatch(/<strong>\s?Never rush\.<\/strong>/);
    await shot(page, 'admin-freebies-en');

    // A second one, by the content role through the API, with carousel images only: it becomes the newest.
    const token = (await loginByApi(e2e.baseUrl, DEMO.content)).token;
    const png = await makePng(page, 640, 480);
    const form = new FormData();
    for (const [k, v] of Object.entries({ title: 'Reading chord charts', subtitle: 'FAQ: what the symbols mean', catagory: 'FAQ', description: '<p>Slash chords, <em>sus</em> and <code>add9</code>.</p>' })) form.append(k, v);
    for (const n of [1, 2, 3]) form.append('carouselList', new Blob([new Uint8Array(png)], { type: 'image/png' }), `chart-${n}.png`);
    const res = await fetch(`${e2e.baseUrl}/api/v1/freebies/add/`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
    expect(res.status).toBe(201);
    const charts = ((await res.json()) as { data: Freebie }).data;

    // The update form: only the title changes; back to the list.
    await page.goto(`${e2e.baseUrl}/update-freebies/${stored!._id}`);
    await page.waitForSelector('[data-testid="freebie-form"]');
    expect(await page.inputValue('[data-testid="freebie-title"]')).toBe('Keeping time on the hi-hat');
    expect(await page.inputValue('[data-testid="freebie-category"]')).toBe('Drums');
    await page.waitForSelector('[data-testid="freebie-description-content"] strong');
    await shot(page, 'admin-update-freebie-en');
    await page.fill('[data-testid="freebie-title"]', 'Keeping time on the hi-hat (updated)');
    await page.click('[data-testid="freebie-save"]');
    await toastWith(page, 'Freebies updated successfully!');
    await page.waitForURL(`${e2e.baseUrl}/adminfreebies`);
    await page.locator('[data-testid="admin-freebie"] h3', { hasText: 'Keeping time on the hi-hat (updated)' }).waitFor();
    const updated = (await freebies()).find((f) => f._id === stored!._id)!;
    expect(updated).toMatchObject({ catagory: 'Drums', youtube: stored!.youtube, documents: stored!.documents, description: stored!.description });

    await switchLanguage(page, 'bn');
    await page.waitForFunction(() => document.querySelector('[data-testid="admin-freebies"] h1')?.textContent === 'ফ্রিবিজ');
    await shot(page, 'admin-freebies-bn');
    await page.click('[data-testid="new-freebie"]');
    await page.waitForSelector('[data-testid="freebie-description-content"]');
    await page.click('[data-testid="freebie-save"]');
    await toastWith(page, 'কোনো একটি ঘর পূরণ করা হয়নি!!!');
    await shot(page, 'admin-add-freebie-bn');
    await page.goto(`${e2e.baseUrl}/update-freebies/${stored!._id}`);
    await page.waitForSelector('[data-testid="freebie-description-content"] strong');
    await shot(page, 'admin-update-freebie-bn');
    expect(admin.errors).toEqual([]);

    // A visitor: the list, newest first, with its filter pills and card pills.
    const visitor = await openPage(e2e.browser);
    const dialogs: string[] = [];
    visitor.page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    try {
      const v = visitor.page;
      await v.goto(`${e2e.baseUrl}/freebies`);
      await v.waitForSelector('[data-testid="freebie-card"]');
      expect(await v.locator('[data-testid="freebie-filter"]').allTextContents()).toEqual(['All', 'FAQ', 'Info', 'Guitar', 'Bass Guitar', 'Drums', 'Piano & Keyboard', 'Sound Engineering']);
      // Newest first: the two made here, then the demo seed's three.
      const ids = await v.locator('[data-testid="freebie-card"]').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-id')));
      expect([ids.slice(0, 2), ids.length]).toEqual([[charts._id, stored!._id], 5]);
      await shot(v, 'freebies-en');
      await v.click('[data-testid="freebie-filter"][data-filter="Drums"]');
      await v.waitForFunction(() => document.querySelectorAll('[data-testid="freebie-card"]').length === 1);
      const card = v.locator('[data-testid="freebie-card"]').first();
      expect(await card.getAttribute('data-id')).toBe(stored!._id);
      expect(await card.locator('.pill').allTextContents()).toEqual(['Video', 'Drums', 'Document']);
      expect(v.url()).toBe(`${e2e.baseUrl}/freebies?category=Drums`);
      await v.click('[data-testid="freebie-filter"][data-filter="FAQ"]');
      await v.waitForFunction((id) => document.querySelector('[data-testid="freebie-card"]')?.getAttribute('data-id') === id, charts._id);
      expect(await v.locator('[data-testid="freebie-card"]').first().locator('.pill').allTextContents()).toEqual(['FAQ']);
      await v.click('[data-testid="freebie-filter"][data-filter="Info"]');
      await v.waitForSelector('[data-testid="no-freebies"]');
      await v.click('[data-testid="freebie-filter"][data-filter="Drums"]');

      // The detail page: the text, no script, no handler, no dialog.
      await v.click('[data-testid="freebie-card"]');
      await v.waitForURL(`${e2e.baseUrl}/freebies/${stored!._id}`);
      await v.waitForSelector('[data-testid="freebie-description"]');
      const text = await v.textContent('[data-testid="freebie-description"]');
      expect(text).toContain('Count out loud: one and two and.');
      expect(text).toContain('Tap along.');
      expect((await v.locator('[data-testid="freebie-description"] strong').textContent())?.trim()).toBe('Never rush.');
      expect(await v.locator('[data-testid="freebie-description"] script').count()).toBe(0);
      expect(await v.locator('[data-testid="freebie-description"] [onerror]').count()).toBe(0);
      await v.waitForTimeout(500); // time for an image error or a script to have fired
      expect(await v.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
      expect(dialogs).toEqual([]);
      expect(await v.getAttribute('[data-testid="freebie-video"] iframe', 'src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
      const doc = v.locator('[data-testid="freebie-document"]');
      expect((await doc.textContent())?.replace(/\s+/g, ' ').trim()).toBe('PDF hi-hat-sheet.pdf');
      const pdf = await fetch(`${e2e.baseUrl}${await doc.getAttribute('href')}`);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      await shot(v, 'freebie-detail-en');

      // The carousel: 2 slides at once, 1 on screens up to 1024 px.
      await v.goto(`${e2e.baseUrl}/freebies/${charts._id}`);
      await v.waitForSelector('[data-testid="freebie-carousel"]');
      expect(await v.getAttribute('[data-testid="freebie-carousel"]', 'data-per-view')).toBe('2');
      expect(await v.locator('[data-testid="freebie-slide"]').count()).toBe(2);
      expect(await v.locator('[data-testid="freebie-video"]').count()).toBe(0);
      await v.click('.freebie-carousel .carousel-next');
      expect(await v.getAttribute('[data-testid="freebie-slide"] >> nth=1', 'alt')).toBe('Picture 3 of 3');
      await shot(v, 'freebie-carousel-en');
      await v.setViewportSize({ width: 1024, height: 800 });
      await v.waitForFunction(() => document.querySelector('[data-testid="freebie-carousel"]')?.getAttribute('data-per-view') === '1');
      expect(await v.locator('[data-testid="freebie-slide"]').count()).toBe(1);
      await shot(v, 'freebie-carousel-1024-en');
      await v.setViewportSize({ width: 1366, height: 900 });

      await switchLanguage(v, 'bn');
      await v.goto(`${e2e.baseUrl}/freebies`);
      await v.waitForSelector('[data-testid="freebie-card"]');
      await v.waitForFunction(() => document.querySelector('[data-testid="freebie-filter"]')?.textContent === 'সব');
      expect(await v.locator('[data-testid="freebie-card"] >> nth=1').locator('.pill').allTextContents()).toEqual(['ভিডিও', 'ড্রামস', 'ডকুমেন্ট']);
      await shot(v, 'freebies-bn');
      await v.goto(`${e2e.baseUrl}/freebies/${stored!._id}`);
      await v.waitForSelector('[data-testid="freebie-description"]');
      await shot(v, 'freebie-detail-bn');
      await v.goto(`${e2e.baseUrl}/freebies/${charts._id}`);
      await v.waitForSelector('[data-testid="freebie-carousel"]');
      await shot(v, 'freebie-carousel-bn');
      expect(await v.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
      expect(dialogs).toEqual([]);
      expect(visitor.errors).toEqual([]);
    } finally {
      await visitor.context.close();
    }
  } finally {
    await admin.context.close();
  }
});

test('the admin turns the landing popup on; a visitor sees it once per visit', async () => {
  const admin = await openPage(e2e.browser);
  const { page } = admin;
  try {
    await loginInUi(page, e2e.baseUrl, DEMO.admin);
    await page.goto(`${e2e.baseUrl}/addpopup`);
    await page.waitForSelector('[data-testid="popup-form"]');
    // Loaded from the current record: off, empty.
    expect(await page.isChecked('[data-testid="popup-show-no"]')).toBe(true);
    await page.click('[data-testid="popup-save"]');
    expect(await page.textContent('[data-testid="popup-message"]')).toBe('Any of the field is not fillup!!!');
    await page.fill('[data-testid="popup-title"]', 'Eid offer');
    await page.fill('[data-testid="popup-body"]', 'Every guitar course at half price until Friday.');
    await page.setInputFiles('[data-testid="popup-thumbnail"]', { name: 'offer.png', mimeType: 'image/png', buffer: await makePng(page, 600, 300) });
    await page.check('[data-testid="popup-show-yes"]');
    await page.click('[data-testid="popup-save"]');
    await toastWith(page, 'Popup Created Successfully!!!');
    await page.waitForSelector('[data-testid="popup-current-thumbnail"]');
    await shot(page, 'admin-popup-en');
    // Reloaded, the form shows the stored popup.
    await page.reload();
    await page.waitForSelector('[data-testid="popup-form"]');
    expect(await page.inputValue('[data-testid="popup-title"]')).toBe('Eid offer');
    expect(await page.isChecked('[data-testid="popup-show-yes"]')).toBe(true);
    await switchLanguage(page, 'bn');
    await page.waitForFunction(() => document.querySelector('[data-testid="admin-popup"] h1')?.textContent === 'ল্যান্ডিং পপআপ');
    await shot(page, 'admin-popup-bn');
    expect(admin.errors).toEqual([]);

    // A visit: shown on the first landing, not again in the same tab (client navigation or reload).
    const visitor = await openPage(e2e.browser);
    try {
      const v = visitor.page;
      await v.goto(`${e2e.baseUrl}/`);
      await v.waitForSelector('[data-testid="landing-popup"]');
      expect(await v.textContent('#landing-popup-title')).toBe('Eid offer');
      expect(await v.textContent('.popup-body')).toBe('Every guitar course at half price until Friday.');
      await v.waitForFunction(() => (document.querySelector('.popup-thumb') as HTMLImageElement | null)?.naturalWidth === 600);
      await shot(v, 'landing-popup-en', { fullPage: false });
      await v.click('[data-testid="landing-popup-close"]');
      await v.waitForSelector('[data-testid="landing-popup"]', { state: 'detached' });
      await v.click('a[href="/allcourses"]');
      await v.waitForURL(`${e2e.baseUrl}/allcourses`);
      await v.goBack();
      await v.waitForSelector('[data-testid="hero"]');
      await v.reload();
      await v.waitForSelector('[data-testid="hero"]');
      await v.waitForTimeout(1000);
      expect(await v.locator('[data-testid="landing-popup"]').count()).toBe(0);
      expect(visitor.errors).toEqual([]);
    } finally {
      await visitor.context.close();
    }

    // A new visit (a new browser session) sees it again, in Bengali here.
    const again = await openPage(e2e.browser);
    try {
      await again.page.goto(`${e2e.baseUrl}/`);
      await switchLanguage(again.page, 'bn');
      await again.page.waitForSelector('[data-testid="landing-popup"]');
      // Keyboard users land on its close button, also when the Bengali page was hidden until its font came.
      await again.page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'landing-popup-close');
      await again.page.waitForFunction(() => (document.querySelector('.popup-thumb') as HTMLImageElement | null)?.complete);
      await shot(again.page, 'landing-popup-bn', { fullPage: false });
    } finally {
      await again.context.close();
    }

    // Switched off: nobody sees it.
    await page.check('[data-testid="popup-show-no"]');
    await page.click('[data-testid="popup-save"]');
    await page.waitForSelector('[data-testid="popup-message"].alert-success');
    const late = await openPage(e2e.browser);
    try {
      await late.page.goto(`${e2e.baseUrl}/`);
      await late.page.waitForSelector('[data-testid="hero"]');
      await late.page.waitForTimeout(1000);
      expect(await late.page.locator('[data-testid="landing-popup"]').count()).toBe(0);
    } finally {
      await late.context.close();
    }
  } finally {
    await admin.context.close();
  }
});
