// Adaptive streaming (issue 24) in the browser against the real all-in-one:
// - the demo admin uploads a 20-second 720p clip with a detailed, noisy picture (made by ffmpeg
//   here, about 4 Mbit/s, so the 720p rendition is several times the 240p one) as a paid lesson
//   (POST course/{id}/lessons: the back office has no upload screen), and follows its transcoding
//   job on /updatelesson until the ladder is ready (en and bn);
// - a student who bought the course (a 100% voucher, the zero-cost path) plays the lesson: the
//   player takes the signed master playlist with hls.js. The network is throttled through the
//   DevTools protocol (Network.emulateNetworkConditions): at 6 Mbit/s hls.js climbs to 720p; at
//   300 kbit/s with 150 ms latency it switches down (hls.js's LEVEL_SWITCHED events, recorded by
//   the player in window.__taalHls, and the quality label the student sees). Back on a good line
//   the student picks another rendition in the quality menu and it plays, the label following;
// - a visitor gets 403 for a segment of the paid lesson without a valid signature (a forged token,
//   and the signature of another lesson), while the student's signed segment URL answers 200.
// Screenshots (en and bn) go to /tmp/shots-hls/ (SHOTS_DIR).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CDPSession, Page, Response } from 'playwright-core';
import { api, apiGet, DEMO, editAnswer, loginByApi, loginInUi, openPage, switchLanguage, useE2E, useSession, waitFor } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-hls';

interface Course {
  _id: string;
  title: string;
}
interface HlsJob {
  state: 'queued' | 'running' | 'ready' | 'failed';
  percent: number;
  attempts: number;
}
interface Lesson {
  _id: string;
  position: number;
  status: 'open' | 'login' | 'paid';
  originalname: string;
  playable: boolean;
  hls: HlsJob | null;
}
interface SecureCourse {
  lessons: Lesson[];
  enrolment: { active: boolean } | null;
}
interface HlsSwitch {
  level: number;
  height: number;
  bitrate: number;
}

const e2e = useE2E({ shotsDir: SHOTS });
const { request, call } = api(e2e);
let clipFile: string;

beforeAll(() => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'taal-hls-e2e-'));
  clipFile = path.join(dir, 'scales.mp4');
  // 20 s of 1280×720 test pattern with moving noise (it needs its bitrate at every rung) and a tone.
  execFileSync('ffmpeg', [
    '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30,noise=alls=30:allf=t',
    '-f', 'lavfi', '-i', 'sine=frequency=330:sample_rate=44100',
    '-t', '20', '-c:v', 'libx264', '-preset', 'veryfast', '-b:v', '4000k', '-pix_fmt', 'yuv420p',
    '-c:a', 'aac', '-b:a', '96k', '-movflags', '+faststart', '-shortest', clipFile,
  ]);
}, 120_000);
afterAll(() => fs.rmSync(path.dirname(clipFile), { recursive: true, force: true }));

const switches = (page: Page) => page.evaluate(() => (window as unknown as { __taalHls?: { switches: HlsSwitch[] } }).__taalHls?.switches ?? []);
const row = (page: Page, title: string) => page.locator('[data-testid="lesson-table"] [data-testid="table-row"]', { has: page.locator('[data-testid="lesson-title"]', { hasText: title }) });

/** Network conditions through the DevTools protocol (kbit/s; null lifts them). */
const sessions = new WeakMap<Page, CDPSession>();
async function throttle(page: Page, kbps: number | null, latency = 150) {
  // One session per page: conditions set through another session would stay in force.
  let cdp = sessions.get(page);
  if (!cdp) {
    cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    sessions.set(page, cdp);
  }
  await cdp.send(
    'Network.emulateNetworkConditions',
    kbps === null
      ? { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 }
      : { offline: false, latency, downloadThroughput: (kbps * 1000) / 8, uploadThroughput: (kbps * 1000) / 8 },
  );
}

test('the admin uploads a lesson and follows its ladder; an enrolled student plays it with hls.js, which switches rendition with the network; a visitor gets 403 for a segment without a signature', async () => {
  const { page, context, errors } = await openPage(e2e.browser);
  try {
    const admin = await loginByApi(e2e.baseUrl, DEMO.admin);
    const student = await loginByApi(e2e.baseUrl, DEMO.student);
    const course = (await apiGet<Course[]>(e2e.baseUrl, 'course/'))[0]!;

    // ---- The admin uploads the clip as a paid lesson.
    const title = `Scales in 720p ${Date.now().toString(36)}`;
    const form = new FormData();
    form.set('title', title);
    form.set('status', 'paid');
    form.set('video', await fs.openAsBlob(clipFile, { type: 'video/mp4' }), 'scales.mp4');
    const upload = await fetch(`${e2e.baseUrl}/api/v1/course/${course._id}/lessons`, { method: 'POST', headers: { Authorization: `Bearer ${admin.token}` }, body: form });
    expect(upload.status).toBe(201);
    const lesson = ((await upload.json()) as { data: Lesson }).data;
    expect(lesson.hls?.state).toMatch(/^(queued|running|ready)$/);

    // ---- Its transcoding job on the back office's lesson list, until the ladder is ready.
    await loginInUi(page, e2e.baseUrl, DEMO.admin);
    await page.goto(`${e2e.baseUrl}/updatelesson?id=${course._id}`);
    const job = row(page, title).locator('[data-testid="lesson-hls"]');
    await job.waitFor();
    let shotRunning = false;
    const deadline = Date.now() + 240_000;
    for (;;) {
      const state = (await job.getAttribute('data-state')) ?? '';
      if (state === 'running' && !shotRunning && Number(await job.getAttribute('data-percent')) > 0) {
        expect(await job.locator('.badge').textContent()).toMatch(/^Transcoding \d+ %$/);
        await e2e.shot(page, 'admin-hls-running-en');
        shotRunning = true;
      }
      if (state === 'ready' || state === 'failed') break;
      if (Date.now() > deadline) throw new Error(`the ladder was not ready within 4 minutes (last state ${state})`);
      await page.waitForTimeout(300);
    }
    expect(await job.getAttribute('data-state')).toBe('ready'); // the page polled its way there
    expect(await job.locator('.badge').textContent()).toBe('Ready');
    expect(await page.locator('[data-testid="lesson-table"] th').allTextContents()).toContain('Streaming');
    const listed = (await call<SecureCourse>('GET', `course/secure-course/${course._id}`, admin.token)).lessons.find((l) => l._id === lesson._id)!;
    expect(listed.hls).toMatchObject({ state: 'ready', percent: 100 });
    await e2e.shot(page, 'admin-hls-ready-en');
    await switchLanguage(page, 'bn', { fonts: true });
    await page.waitForFunction(() => document.querySelector('[data-testid="lesson-table"]')?.textContent?.includes('স্ট্রিমিং'));
    expect(await job.locator('.badge').textContent()).toBe('প্রস্তুত');
    await e2e.shot(page, 'admin-hls-ready-bn');
    // A job under way and a failed one, in Bengali (answered by the page: the real ones are over).
    await editAnswer<SecureCourse>(page, `**/api/v1/course/secure-course/${course._id}`, (data) => ({
      ...data,
      lessons: data.lessons.map((l) =>
        l._id === lesson._id ? { ...l, hls: { state: 'running', percent: 42, attempts: 1 } } : l.position === 2 ? { ...l, hls: { state: 'failed', percent: 0, attempts: 3 } } : l,
      ),
    }));
    await page.reload();
    await job.and(page.locator('[data-state="running"]')).waitFor();
    expect(await job.locator('.badge').textContent()).toBe('রূপান্তর চলছে ৪২ %');
    expect(await page.locator('[data-testid="lesson-hls"][data-state="failed"] .badge').textContent()).toBe('৩ বার চেষ্টার পর ব্যর্থ');
    await e2e.shot(page, 'admin-hls-states-bn');
    await page.unroute(`**/api/v1/course/secure-course/${course._id}`);
    await switchLanguage(page, 'en');

    // ---- The student buys the course (100% voucher, zero-cost order; the enrolment from the event).
    const me = student.user._id;
    const code = `HLS${Date.now().toString(36).toUpperCase()}`;
    await call('POST', 'cart/cupon', admin.token, { cuponCode: code, discount: 100, useLimit: 5, expireDate: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10) });
    await call('POST', 'cart/', student.token, { user: me, course: course._id, tier: 'gold' });
    const order = await call<{ _id: string }>('POST', 'order', student.token, { userId: me, amount: 0, cuponCode: code });
    await call('POST', `cart/zero-cart/${me}/${order._id}`, student.token, { value_a: 'true', value_b: code, value_c: order._id });
    await waitFor('the enrolment', async () => ((await call<SecureCourse>('GET', `course/secure-course/${course._id}`, student.token)).enrolment?.active ? true : undefined));

    // ---- The student plays it: hls.js on the signed master playlist.
    const hlsResponses: { status: number; url: string }[] = [];
    page.on('response', (res: Response) => {
      if (res.url().includes('/api/v1/video/hls/')) hlsResponses.push({ status: res.status(), url: res.url() });
    });
    const playback = await call<{ url: string; hls: string | null }>('GET', `lesson/${lesson._id}/playback`, student.token);
    expect(playback.hls).toMatch(new RegExp(`^/api/v1/video/hls/[^/]+/${lesson._id}/([^/]+/)?master\\.m3u8$`));
    expect(playback.url).toMatch(/\.mp4\?token=/); // the MP4 stays the fallback

    await useSession(page, e2e.baseUrl, student, { lang: 'en' });
    await page.goto(`${e2e.baseUrl}/courseview?id=${encodeURIComponent(course._id)}`);
    const item = page.locator(`[data-testid="lesson-item"][data-lesson-id="${lesson._id}"]`);
    await item.waitFor();
    // A good connection first (6 Mbit/s, 20 ms): hls.js measures it and climbs to 720p.
    await throttle(page, 6000, 20);
    await item.click();
    await page.waitForSelector(`[data-testid="player"][data-lesson-id="${lesson._id}"][data-status="ready"][data-stream="hls.js"]`, { timeout: 30_000 });
    await page.click('[data-testid="player-play"]');
    const up = await waitFor('hls.js playing 720p', async () => (await switches(page)).find((s) => s.height === 720), 60_000);
    expect(hlsResponses.some((r) => r.url.endsWith('/master.m3u8') && r.status === 200)).toBe(true);
    const quality = page.locator('[data-testid="player-quality"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="player"]')?.getAttribute('data-level-height') === '720');
    expect(await quality.locator('option:checked').textContent()).toBe('Auto (720p)');
    // The ladder's renditions, highest first, after Auto.
    expect(await quality.locator('option').allTextContents()).toEqual(['Auto (720p)', '720p', '480p', '240p']);
    expect(await page.$eval('[data-testid="player-video"]', (v) => (v as HTMLVideoElement).videoHeight)).toBe(720);
    await page.mouse.move(400, 300);
    await e2e.shot(page, 'player-hls-720p-en', { fullPage: false });

    // The network drops to 300 kbit/s with 150 ms latency: hls.js switches down.
    const before = (await switches(page)).length;
    await throttle(page, 300, 150);
    const down = await waitFor('a switch down from 720p', async () => (await switches(page)).slice(before).find((s) => s.height < 720), 90_000);
    expect(down.level).not.toBe(up.level);
    await page.waitForFunction((h) => document.querySelector('[data-testid="player-quality"] option:checked')?.textContent === `Auto (${h}p)`, down.height, { timeout: 10_000 });
    // The practice tools still drive the same <video>: speed with pitch kept.
    await page.selectOption('[data-testid="player-speed"]', '0.75');
    expect(await page.$eval('[data-testid="player-video"]', (v) => ({ rate: (v as HTMLVideoElement).playbackRate, pitch: (v as HTMLVideoElement).preservesPitch }))).toEqual({ rate: 0.75, pitch: true });
    await page.mouse.move(400, 310);
    await e2e.shot(page, 'player-hls-throttled-en', { fullPage: false });

    // Back on a good line the student picks a rendition other than the one playing: Auto is off,
    // it plays at once (what was buffered is loaded again in it) and the label follows.
    await throttle(page, null);
    // Back to the start on the seek bar, as a student drags it, and playing: the whole clip is left
    // to play in the new rendition however long the slow line held it up (−10 s was not always enough).
    await page.fill('[data-testid="player-seek"]', '0');
    if (await page.$eval('[data-testid="player-video"]', (v) => (v as HTMLVideoElement).paused)) await page.click('[data-testid="player-play"]');
    const playingNow = (await switches(page)).at(-1)!.height;
    const pick = playingNow === 240 ? 480 : 240;
    const picked = (await switches(page)).length;
    await page.selectOption('[data-testid="player-quality"]', { label: `${pick}p` });
    expect(await quality.getAttribute('data-auto')).toBe('false');
    await waitFor(
      `the chosen ${pick}p playing`,
      async () => ((await switches(page)).slice(picked).some((s) => s.height === pick) ? true : undefined),
      30_000,
    ).catch(async (err: Error) => {
      const state = await page.$eval('[data-testid="player-video"]', (v) => ({ t: (v as HTMLVideoElement).currentTime, ended: (v as HTMLVideoElement).ended, paused: (v as HTMLVideoElement).paused }));
      throw new Error(`${err.message}: ${JSON.stringify({ state, switches: await switches(page) })}`);
    });
    expect(await quality.locator('option:checked').textContent()).toBe(`${pick}p`);
    // The picture follows once a frame of the new rendition is decoded: as long as the switch itself
    // may take on a busy machine. A clip that played out before then (a CI run's failure: ended at
    // 20 s still showing 720p) is played again from the start, as a student would.
    let replays = 0;
    await waitFor(
      () => `the picture at ${pick}p (replayed ${replays} times)`,
      async () => {
        const v = await page.$eval('[data-testid="player-video"]', (e) => ({ height: (e as HTMLVideoElement).videoHeight, ended: (e as HTMLVideoElement).ended }));
        if (v.height === pick) return true;
        if (v.ended) {
          replays += 1;
          await page.fill('[data-testid="player-seek"]', '0');
          if (await page.$eval('[data-testid="player-video"]', (e) => (e as HTMLVideoElement).paused)) await page.click('[data-testid="player-play"]');
        }
        return undefined;
      },
      60_000,
    ).catch(async (err: Error) => {
      const state = await page.$eval('[data-testid="player-video"]', (v) => ({ t: (v as HTMLVideoElement).currentTime, ended: (v as HTMLVideoElement).ended, paused: (v as HTMLVideoElement).paused, height: (v as HTMLVideoElement).videoHeight }));
      throw new Error(`${err.message}: ${JSON.stringify({ state, switches: await switches(page) })}`);
    });
    if (replays > 0) console.info(`the clip was played again ${replays} times before a ${pick}p frame showed`);

    // Bengali: the label in Bengali digits.
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'bn'));
    await page.goto(`${e2e.baseUrl}/courseview?id=${encodeURIComponent(course._id)}`);
    await page.waitForFunction(() => document.documentElement.lang === 'bn');
    await item.click();
    await page.waitForSelector(`[data-testid="player"][data-lesson-id="${lesson._id}"][data-stream="hls.js"]`);
    await page.click('[data-testid="player-play"]');
    await page.waitForFunction(() => /^স্বয়ংক্রিয় \([০-৯]+পি\)$/.test(document.querySelector('[data-testid="player-quality"] option:checked')?.textContent ?? ''), undefined, { timeout: 30_000 });
    await page.evaluate(() => document.fonts.ready);
    await page.mouse.move(400, 300);
    await e2e.shot(page, 'player-hls-bn', { fullPage: false });

    // ---- A visitor without a signature: 403 for a segment of the paid lesson.
    // (The course view also loads the open first lesson: its segments are not the paid one's.)
    const segment = hlsResponses.find((r) => r.status === 200 && r.url.includes(`/${lesson._id}/`) && !r.url.endsWith('.m3u8'))?.url;
    expect(segment).toBeDefined();
    const signed = new URL(segment!);
    expect((await fetch(signed)).status).toBe(200);
    const forged = new URL(signed);
    forged.pathname = signed.pathname.replace(/\/video\/hls\/[^/]+\//, '/video/hls/not-a-signature/');
    expect((await fetch(forged)).status).toBe(403);
    // The signature of the open demo lesson does not open the paid one's segments.
    const open = (await call<SecureCourse>('GET', `course/secure-course/${course._id}`)).lessons.find((l) => l.status === 'open' && l.hls?.state !== 'failed')!;
    const openPlayback = await request<{ hls: string | null }>('GET', `lesson/${open._id}/playback`);
    expect(openPlayback.status).toBe(200);
    if (openPlayback.json.data.hls) {
      const openToken = /\/video\/hls\/([^/]+)\//.exec(openPlayback.json.data.hls)![1]!;
      const borrowed = new URL(signed);
      borrowed.pathname = signed.pathname.replace(/\/video\/hls\/[^/]+\//, `/video/hls/${openToken}/`);
      expect((await fetch(borrowed)).status).toBe(403);
    }
    // And the visitor is refused the paid lesson's playback itself.
    expect([401, 403]).toContain((await request('GET', `lesson/${lesson._id}/playback`)).status);

    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 480_000);

test('a signature that stops working mid-play (a segment answered 403): the player asks for playback again and goes on with HLS from the same time', async () => {
  const { page, context, errors } = await openPage(e2e.browser);
  try {
    const course = (await apiGet<Course[]>(e2e.baseUrl, 'course/'))[0]!;
    const admin = await loginByApi(e2e.baseUrl, DEMO.admin);
    // The open demo lesson (a visitor plays it), once its ladder is ready (backfilled at start).
    const open = await waitFor(
      'the open demo lesson with its ladder',
      async () => (await call<SecureCourse>('GET', `course/secure-course/${course._id}`, admin.token)).lessons.find((l) => l.status === 'open' && l.hls?.state === 'ready'),
      120_000,
    );
    let playbacks = 0;
    // Each signature's first segment is served; its later ones wait (hls.js reads ahead at once)
    // until the test expires the signatures issued so far; from then on those are refused (403) as
    // an expired signature is.
    const segmentsOf = new Map<string, number>();
    const expired = new Set<string>();
    let expire!: () => void;
    const expiredNow = new Promise<void>((r) => (expire = r));
    await page.route('**/api/v1/video/hls/**', async (route) => {
      const url = route.request().url();
      const token = /\/video\/hls\/([^/]+)\//.exec(url)![1]!;
      const refuse = () => route.fulfill({ status: 403, contentType: 'application/json', body: '{"success":false,"message":"This video link is not valid"}' });
      if (expired.has(token)) return refuse();
      if (url.endsWith('.m3u8')) return route.continue();
      const n = (segmentsOf.get(token) ?? 0) + 1;
      segmentsOf.set(token, n);
      if (n > 1) await expiredNow;
      return expired.has(token) ? refuse() : route.continue();
    });
    page.on('request', (req) => {
      if (req.url().includes(`/api/v1/lesson/${open._id}/playback`)) playbacks += 1;
    });
    await page.goto(`${e2e.baseUrl}/courseview?id=${encodeURIComponent(course._id)}`);
    await page.click(`[data-testid="lesson-item"][data-lesson-id="${open._id}"]`); // opened: hls.js loads
    await page.waitForSelector(`[data-testid="player"][data-lesson-id="${open._id}"][data-status="ready"][data-stream="hls.js"]`);
    await page.evaluate(() => {
      const w = window as unknown as { __playingAt: number[] };
      w.__playingAt = [];
      document.querySelector('[data-testid="player-video"]')!.addEventListener('playing', (e) => w.__playingAt.push((e.target as HTMLVideoElement).currentTime));
    });
    await page.click('[data-testid="player-play"]');
    await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('[data-testid="player-video"]')?.currentTime ?? 0) > 1.5, undefined, { timeout: 30_000 });
    // The signatures run out while it plays.
    for (const token of segmentsOf.keys()) expired.add(token);
    const before = playbacks;
    const playingBefore = (await page.evaluate(() => (window as unknown as { __playingAt: number[] }).__playingAt)).length;
    expire();
    await waitFor('a new signed URL', async () => (playbacks > before ? true : undefined), 30_000);
    // Playback goes on with the new signature past where the first segment ended, still with hls.js.
    await page.waitForFunction(() => {
      const v = document.querySelector<HTMLVideoElement>('[data-testid="player-video"]')!;
      return !v.paused && v.currentTime > 5;
    }, undefined, { timeout: 30_000 });
    // It started again where it was, not from the start.
    const playingAfter = (await page.evaluate(() => (window as unknown as { __playingAt: number[] }).__playingAt)).slice(playingBefore);
    expect(playingAfter.length).toBeGreaterThan(0);
    expect({ playingAfter, restarted: playingAfter.some((t) => t <= 1.4) }).toEqual({ playingAfter, restarted: false });
    expect(await page.getAttribute('[data-testid="player"]', 'data-stream')).toBe('hls.js');
    expect(await page.getAttribute('[data-testid="player"]', 'data-status')).toBe('ready');
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 240_000);

test('the course page loads no streaming library until a lesson is opened: play loads hls.js and it plays; a browser with its own HLS never loads it', async () => {
  const course = (await apiGet<Course[]>(e2e.baseUrl, 'course/'))[0]!;
  const admin = await loginByApi(e2e.baseUrl, DEMO.admin);
  const open = await waitFor(
    'the open demo lesson with its ladder',
    async () => (await call<SecureCourse>('GET', `course/secure-course/${course._id}`, admin.token)).lessons.find((l) => l.status === 'open' && l.hls?.state === 'ready'),
    180_000,
  );
  for (const nativeHls of [false, true]) {
    const { page, context, errors } = await openPage(e2e.browser, 1366, { nativeHls });
    try {
      const scripts: string[] = [];
      page.on('response', (res: Response) => {
        if (res.request().resourceType() === 'script') scripts.push(new URL(res.url()).pathname);
      });
      const hlsChunk = () => scripts.filter((u) => /\/async\/hls\.[0-9a-f]+\.js$/.test(u));
      await page.goto(`${e2e.baseUrl}/courseview?id=${encodeURIComponent(course._id)}`, { waitUntil: 'networkidle' });
      await page.waitForSelector(`[data-testid="player"][data-lesson-id="${open._id}"][data-status="ready"]`);
      await page.waitForLoadState('networkidle');
      if (!nativeHls) {
        // The first visit: the player is ready, the library is not loaded.
        expect({ stream: await page.getAttribute('[data-testid="player"]', 'data-stream'), chunks: hlsChunk() }).toEqual({ stream: '', chunks: [] });
        await page.click('[data-testid="player-play"]');
        await page.waitForSelector('[data-testid="player"][data-stream="hls.js"]', { timeout: 30_000 });
        expect(hlsChunk()).toHaveLength(1);
      } else {
        // Chromium plays HLS itself: the master playlist goes to the <video>, no library.
        await page.waitForSelector('[data-testid="player"][data-stream="native"]');
        await page.click('[data-testid="player-play"]');
      }
      await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('[data-testid="player-video"]')?.currentTime ?? 0) > 1, undefined, { timeout: 30_000 });
      if (nativeHls) expect(hlsChunk()).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }
}, 300_000);
