// The pickers past the bounded lists (issue 51 item 2, decision 0087), in Chromium against the real all-in-one on a
// data folder the scale seed filled (tools/scale/seed.mjs --embedded: 400 courses and 300 instructors beside the
// demo's): each item picked here is one the bounded list the screen used to read (`course/adminallcourse`, the
// newest 100; `instructor/admin/instructorlist` and `instructor/`, the oldest 100) leaves out. The admin picks a
// course and an instructor to update by typing the first letters (the keyboard and a click), the reviews screen
// names every shown review's course, a visitor filters /allcourses by an instructor picked the same way (the
// address keeps `instructor=<id>`, a copied link names them), and the header's menu lists the featured instructors
// with the link to the paged list. English and Bengali; screenshots go to /tmp/shots-pickers/.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { api, DEMO, loginByApi, openPage, ROOT, useE2E, useSession, type LoginAnswer } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-pickers';
const SIZE = { users: 2000, courses: 400, orders: 600, instructors: 300 };
let dataDir = '';
const e2e = useE2E({
  shotsDir: SHOTS,
  env: async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'taal-pickers-'));
    const args = ['--embedded', dataDir, ...Object.entries(SIZE).flatMap(([k, v]) => [`--${k}`, String(v)])];
    await promisify(execFile)(process.execPath, [path.join(ROOT, 'tools/scale/seed.mjs'), ...args], { maxBuffer: 1 << 24 });
    return { DATA_DIR: dataDir };
  },
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const { call } = api(e2e);
const { shot } = e2e;
let admin: LoginAnswer;

beforeAll(async () => {
  admin = await loginByApi(e2e.baseUrl, DEMO.admin);
}, 60_000);

interface Named {
  _id: string;
  title?: string;
  name?: string;
}

/** Types `text` into a picker and chooses the option reading exactly `label` (ArrowDown to it, Enter; or a click). */
async function pick(page: Page, testId: string, text: string, label: string, how: 'keys' | 'click') {
  const input = page.locator(`[data-testid="${testId}-input"]`);
  await input.click();
  await input.fill(text);
  const option = page.locator(`[data-testid="${testId}-option"]`, { hasText: new RegExp(`^${label}$`) });
  await option.waitFor();
  if (how === 'click') return option.click();
  for (let n = 0; n < 20 && (await page.locator(`[data-testid="${testId}-option"][aria-selected="true"]`).textContent()) !== label; n++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
}

test('the back office picks a course and an instructor past the bounded lists, and names every review’s course (en, bn)', async () => {
  const bounded = new Set((await call<Named[]>('GET', 'course/adminallcourse', admin.token)).map((c) => c._id));
  const course = (await call<Named[]>('GET', 'course/admin/search?q=Piano&limit=20', admin.token)).find((c) => !bounded.has(c._id))!;
  expect(course).toBeDefined();
  const boundedInstructors = new Set((await call<Named[]>('GET', 'instructor/admin/instructorlist', admin.token)).map((i) => i._id));
  const [instructor] = await call<Named[]>('GET', 'instructor/admin/search?q=Instructor%20299&limit=1', admin.token);
  expect(instructor!.name).toBe('Instructor 299');
  expect(boundedInstructors.has(instructor!._id)).toBe(false);

  const { page, context, errors } = await openPage(e2e.browser);
  try {
    for (const lng of ['en', 'bn'] as const) {
      await useSession(page, e2e.baseUrl, admin, { clear: true, lang: lng });
      // Update course: the first letters of its title, the server's matches, the keyboard.
      await page.goto(`${e2e.baseUrl}/updatecourse`);
      const input = page.locator('[data-testid="update-course-pick-input"]');
      await input.waitFor();
      expect(await input.getAttribute('placeholder')).toBe(lng === 'en' ? 'Type the first letters of a title' : 'শিরোনামের প্রথম কয়েকটি অক্ষর লিখুন');
      await input.fill('zzz-no-such-course');
      await page.locator('[data-testid="update-course-pick-none"]').waitFor();
      expect(await page.textContent('[data-testid="update-course-pick-none"]')).toBe(lng === 'en' ? 'No title starts with that' : 'এভাবে শুরু হওয়া কোনো শিরোনাম নেই');
      await pick(page, 'update-course-pick', course.title!.toLowerCase(), course.title!, 'keys');
      await page.waitForURL(`**/updatecourse?id=${course._id}`);
      await page.waitForSelector('[data-testid="course-form-update"]');
      expect(await page.inputValue('[data-testid="course-form-update"] input[name="title"]')).toBe(course.title);
      expect(await input.inputValue()).toBe(course.title);
      await shot(page, `updatecourse-picked-${lng}`);
      // A copied link names the course in the picker (read by id).
      await page.reload();
      await page.waitForSelector('[data-testid="course-form-update"]');
      await page.waitForFunction((t) => (document.querySelector('[data-testid="update-course-pick-input"]') as HTMLInputElement | null)?.value === t, course.title!);

      // Update instructor: past the oldest 100, by a click.
      await page.goto(`${e2e.baseUrl}/updateinstructor`);
      await pick(page, 'update-instructor-pick', 'instructor 299', 'Instructor 299', 'click');
      await page.waitForURL(`**/updateinstructor?id=${instructor!._id}`);
      await page.waitForSelector('[data-testid="instructor-profile-form"]');
      expect(await page.inputValue('[data-testid="instructor-profile-form"] input[name="name"]')).toBe('Instructor 299');
      await shot(page, `updateinstructor-picked-${lng}`);

      // The course form's instructor picker, in this language (the first slice shot it in English only).
      await page.goto(`${e2e.baseUrl}/addcourse`);
      await page.fill('[data-testid="course-instructor-input"]', 'instructor 29');
      await page.locator('[data-testid="course-instructor-option"]').first().waitFor();
      await shot(page, `addcourse-instructor-picker-${lng}`, { fullPage: false });
    }

    // Reviews: every shown review's course is named, those past the newest 100 courses too.
    const reviews = await call<{ items: { course: string }[] }>('GET', 'review/recent/page?limit=20', admin.token);
    const titles = await call<{ _id: string; title: string }[]>('GET', `course/admin/titles?ids=${[...new Set(reviews.items.map((r) => r.course))].join(',')}`, admin.token);
    const titleOf = new Map(titles.map((c) => [c._id, c.title]));
    expect(reviews.items.some((r) => !bounded.has(r.course))).toBe(true);
    for (const lng of ['en', 'bn'] as const) {
      await useSession(page, e2e.baseUrl, admin, { clear: true, lang: lng });
      await page.goto(`${e2e.baseUrl}/adminreviews`);
      await page.waitForSelector('[data-testid="recent-reviews"] [data-testid="admin-review"]');
      await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="recent-reviews"] [data-testid="admin-review"] .admin-message-head .muted:nth-of-type(1)')].every((e) => e.textContent));
      const shown = await page.locator('[data-testid="recent-reviews"] [data-testid="admin-review"] .admin-message-head > span.muted').allTextContents();
      expect(shown).toEqual(reviews.items.map((r) => titleOf.get(r.course)));
      await shot(page, `adminreviews-titles-${lng}`);
    }
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 300_000);

test('a visitor filters /allcourses by an instructor picked past the oldest 100, the address keeps the id, the menu lists the featured (en, bn)', async () => {
  const bounded = new Set((await call<Named[]>('GET', 'instructor/')).map((i) => i._id));
  const [instructor] = await call<Named[]>('GET', 'instructor/search?q=instructor%20299&limit=1');
  expect(instructor!.name).toBe('Instructor 299');
  expect(bounded.has(instructor!._id)).toBe(false);
  const theirs = await call<{ items: { _id: string }[] }>('GET', `course/page?instructor=${instructor!._id}&limit=12`);
  expect(theirs.items.length).toBeGreaterThan(0);
  const featured = await call<Named[]>('GET', 'instructor/featured/');

  const { page, context, errors } = await openPage(e2e.browser);
  try {
    for (const lng of ['en', 'bn'] as const) {
      await useSession(page, e2e.baseUrl, null, { clear: true, lang: lng });
      await page.goto(`${e2e.baseUrl}/allcourses`);
      await page.waitForSelector('[data-testid="course-list"] [data-testid="course-card"]');
      // Every card names its instructor (read by id), not only the oldest 100's.
      const names = await page.locator('[data-testid="course-card"] .body > span.muted').count();
      expect(names).toBe(await page.locator('[data-testid="course-card"]').count());
      await pick(page, 'filter-instructor', 'INSTRUCTOR 299', 'Instructor 299', lng === 'en' ? 'keys' : 'click');
      await page.waitForURL((u) => u.searchParams.get('instructor') === instructor!._id);
      await page.waitForFunction(
        (id) => {
          const cards = [...document.querySelectorAll('[data-testid="course-card"]')];
          return cards.length > 0 && cards.every((c) => c.getAttribute('data-instructor') === id);
        },
        instructor!._id,
      );
      expect(await page.locator('[data-testid="course-card"]').evaluateAll((els) => els.map((e) => new URL((e as HTMLAnchorElement).href).searchParams.get('id')))).toEqual(theirs.items.map((c) => c._id));
      expect(new Set(await page.locator('[data-testid="course-card"] .body > span.muted').allTextContents())).toEqual(new Set(['Instructor 299']));
      await page.locator('[data-testid="filter-instructor-input"]').blur();
      await shot(page, `allcourses-instructor-${lng}`, { fullPage: false });
      // A copied link: the filter names the instructor (read by id) before anything is typed.
      const fresh = await context.newPage();
      await fresh.goto(page.url());
      await fresh.waitForFunction((t) => (document.querySelector('[data-testid="filter-instructor-input"]') as HTMLInputElement | null)?.value === t, 'Instructor 299');
      await fresh.click('.filters > button.btn-outline');
      await fresh.waitForURL((u) => !u.searchParams.has('instructor'));
      await fresh.close();

      // The header's menu: the featured instructors (at most 10) and the paged list's link.
      await page.click('[data-testid="instructors-menu"] button');
      await page.waitForSelector('.instructors-menu li');
      expect(await page.locator('.instructors-menu li').allTextContents()).toEqual(featured.map((i) => i.name));
      expect(await page.locator('.instructors-menu a.menu-footer-link').getAttribute('href')).toBe('/instructorlist');
      await shot(page, `instructors-menu-${lng}`, { fullPage: false });
    }
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 300_000);
