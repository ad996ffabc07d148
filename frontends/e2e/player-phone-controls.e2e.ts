// Issue 40, the player's controls cut off on phones: a visitor plays the open demo lesson on its
// HLS ladder (hls.js, so the quality menu shows with its longest label, "Auto (720p)") at 320 and
// 390 px, in English and Bengali; every control of the player (buttons, seek bar, speed and
// quality menus) has its whole box inside the viewport and inside the player, none covering
// another. Screenshots: /tmp/shots-player-phone/ (SHOTS_DIR).
import type { Page } from 'playwright-core';
import { api, apiGet, openPage, useE2E, waitFor } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-player-phone';
const e2e = useE2E({ shotsDir: SHOTS });
const { call, request } = api(e2e);

interface Lesson {
  _id: string;
  position: number;
  status: 'open' | 'login' | 'paid';
}

interface Box {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Every visible control of the player, with the player's own box and the viewport's width. */
const controls = (page: Page) =>
  page.evaluate(() => {
    const screen = document.querySelector('.player-screen')!.getBoundingClientRect();
    const boxes = Array.from(document.querySelectorAll<HTMLElement>('.player-controls button, .player-controls select, .player-controls input'))
      .filter((el) => getComputedStyle(el).display !== 'none' && el.getClientRects().length > 0)
      .map((el) => {
        const r = el.getBoundingClientRect();
        return { name: el.dataset.testid ?? el.getAttribute('aria-label') ?? el.tagName, x: r.x, y: r.y, width: r.width, height: r.height };
      });
    return { boxes, screen: { x: screen.x, y: screen.y, width: screen.width, height: screen.height }, viewport: document.documentElement.clientWidth };
  });

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;

test('at 320 and 390 px, en and bn, every player control is wholly on the screen and inside the player', async () => {
  const course = (await apiGet<{ _id: string }[]>(e2e.baseUrl, 'course/'))[0]!;
  const open = await waitFor(
    'the open demo lesson',
    async () => (await call<{ lessons: Lesson[] }>('GET', `course/secure-course/${course._id}`)).lessons.find((l) => l.status === 'open'),
    90_000,
  );
  // Its ladder is made in the background at start: wait for it, so the quality menu shows.
  // (404 until the seed has made the lesson's video.)
  await waitFor('the open lesson’s ladder', async () => ((await request<{ hls: string | null }>('GET', `lesson/${open._id}/playback`)).json.data?.hls ? true : undefined), 180_000);

  for (const width of [320, 390] as const) {
    for (const lng of ['en', 'bn'] as const) {
      const { page, context, errors } = await openPage(e2e.browser, width);
      try {
        await page.goto(`${e2e.baseUrl}/`);
        await page.evaluate((l) => localStorage.setItem('i18nextLng', l), lng);
        await page.goto(`${e2e.baseUrl}/courseview?id=${encodeURIComponent(course._id)}`);
        await page.waitForFunction((l) => document.documentElement.lang === l, lng);
        const item = page.locator(`[data-testid="lesson-item"][data-lesson-id="${open._id}"]`);
        await item.click();
        await page.waitForSelector(`[data-testid="player"][data-lesson-id="${open._id}"][data-status="ready"][data-stream="hls.js"]`, { timeout: 30_000 });
        await page.click('[data-testid="player-play"]');
        // The quality menu with the rendition playing ("Auto (720p)"): its longest label.
        await page.waitForFunction(() => !!document.querySelector('[data-testid="player"]')?.getAttribute('data-level-height'), undefined, { timeout: 30_000 });
        await page.waitForSelector('[data-testid="player-quality"]');
        await page.click('[data-testid="player-play"]'); // paused: the picture and controls hold still
        await page.locator('[data-testid="player"]').scrollIntoViewIfNeeded();
        await page.evaluate(() => document.fonts.ready);
        const { boxes, screen, viewport } = await controls(page);
        expect(viewport).toBe(width);
        const names = boxes.map((b) => b.name);
        expect(names).toEqual(expect.arrayContaining(['player-seek', 'player-back', 'player-play', 'player-forward', 'player-speed', 'player-quality']));
        expect(boxes.length).toBe(8); // + mute and full screen (the volume slider is hidden on phones)
        const outside = boxes.filter(
          (b) => b.x < 0 || b.x + b.width > viewport || b.x < screen.x - 0.5 || b.x + b.width > screen.x + screen.width + 0.5 || b.y < screen.y - 0.5 || b.y + b.height > screen.y + screen.height + 0.5 || b.width < 20,
        );
        if (outside.length) await page.screenshot({ path: `${SHOTS}/FAILED-player-${width}-${lng}.png` });
        expect({ width, lng, outside }).toEqual({ width, lng, outside: [] });
        const clashes = boxes.flatMap((a, i) => boxes.slice(i + 1).filter((b) => a.name !== 'player-seek' && b.name !== 'player-seek' && overlaps(a, b)).map((b) => `${a.name} × ${b.name}`));
        expect(clashes).toEqual([]);
        await page.locator('[data-testid="player"]').screenshot({ path: `${SHOTS}/player-${width}-${lng}.png` });
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  }
}, 400_000);
