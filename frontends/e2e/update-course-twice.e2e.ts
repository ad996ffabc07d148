// Issue 40, a lesson uploaded twice: on /updatecourse a lesson video chosen, "Update course"
// pressed and answered, then pressed again, adds one lesson, not two (the queue of chosen videos
// is emptied once the update succeeds, as it is after adding a course). Against the real all-in-one.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiGet, DEMO, loginInUi, openPage, toastWith, useE2E } from './support';

const e2e = useE2E({ shotsDir: process.env.SHOTS_DIR ?? '/tmp/shots-update-course' });
let work: string;

beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'taal-e2e-update-twice-'));
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=15:duration=2', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', path.join(work, 'extra.mp4')]);
}, 60_000);

afterAll(() => {
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

const lessonsOf = async (id: string) => (await apiGet<{ lessons: { originalname: string }[] }>(e2e.baseUrl, `course/secure-course/${id}`)).lessons.map((l) => l.originalname);

test('Update course pressed twice after choosing one video makes one lesson', async () => {
  const [course] = await apiGet<{ _id: string }[]>(e2e.baseUrl, 'course/');
  const before = await lessonsOf(course!._id);
  const { page, context, errors } = await openPage(e2e.browser);
  try {
    await loginInUi(page, e2e.baseUrl, DEMO.admin);
    await page.goto(`${e2e.baseUrl}/updatecourse?id=${course!._id}`);
    await page.waitForSelector('[data-testid="course-form-update"]');
    await page.setInputFiles('[data-testid="course-videos"]', path.join(work, 'extra.mp4'));
    await page.locator('[data-testid="course-video-list"] li input').first().fill('Extra lesson');
    await page.click('[data-testid="course-submit"]');
    await toastWith(page, 'Course Update Successfully!!!', 60_000);
    // The queue is empty once the update is done.
    await page.waitForSelector('[data-testid="course-video-list"]', { state: 'detached' });
    expect(await page.inputValue('[data-testid="course-videos"]')).toBe('');
    await page.waitForFunction(() => !(document.querySelector('[data-testid="course-submit"]') as HTMLButtonElement).disabled);
    await page.evaluate(() => document.querySelectorAll<HTMLButtonElement>('.toast button').forEach((b) => b.click()));
    await page.waitForFunction(() => !document.querySelector('.toast'));
    // Pressed again: nothing new is sent.
    await page.click('[data-testid="course-submit"]');
    await page.waitForSelector('.toast', { timeout: 60_000 });
    await page.waitForFunction(() => !(document.querySelector('[data-testid="course-submit"]') as HTMLButtonElement).disabled);
    expect(await lessonsOf(course!._id)).toEqual([...before, 'Extra lesson']);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 180_000);
