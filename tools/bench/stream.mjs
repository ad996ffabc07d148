#!/usr/bin/env node
/**
 * Streaming benchmark (issue 24): a 2-minute lesson played by the real course-view player in
 * headless Chromium (Debian's /usr/bin/chromium via playwright-core), with the network throttled
 * through the DevTools protocol (Network.emulateNetworkConditions), as the progressive MP4 and as
 * HLS (hls.js), in one run against the real all-in-one:
 *
 * - makes a 2-minute 1280×720 clip at about 4 Mbit/s with ffmpeg (detailed, noisy picture, so the
 *   encoder needs the bitrate; cached under ~/.cache/taal/bench/), starts the all-in-one, signs in
 *   as the demo admin, uploads it as an open lesson of the first course (POST course/{id}/lessons)
 *   and waits for its HLS ladder (the lesson's hls.state 'ready', the admin's progress);
 * - for each network (1 Mbit/s with 150 ms latency; 400 kbit/s with 150 ms latency) and each format
 *   (MP4: playback's hls answered as null, so the player takes the MP4; HLS: as answered), opens the
 *   course view in a fresh browser context, throttles, clicks the lesson, presses play, and watches
 *   for the lesson's length (plus 30 s, or until it ends);
 * - time to first frame: from the click on the lesson (the player asks for playback, then loads its
 *   source) to the first video frame presented while playing (requestVideoFrameCallback after play);
 *   a stall: a `waiting` event after the first frame (not from a seek) until the next `playing`;
 *   count and total seconds; seconds of the lesson played; hls.js's rendition switches.
 *
 * Prints a table and the JSON (also written to --json FILE).
 *
 * Usage: npm run bench:stream [-- --watch SECONDS] [--json FILE] [--url http://127.0.0.1:8080]
 * Without --url it starts `packages/launcher/dist/all-in-one.js` (needs `npm run build`), Debian's
 * ffmpeg and Chromium.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startAllInOne } from '../lib/all-in-one.mjs';

/* global window, document -- these callbacks run in the page */

const argValue = (name) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const CLIP_SECONDS = 120;
const CLIP_KBPS = 4000;
const watchArg = argValue('watch');
const NETWORKS = [
  { name: '1 Mbit/s, 150 ms', kbps: 1000, latency: 150 },
  { name: '400 kbit/s, 150 ms', kbps: 400, latency: 150 },
];
const FORMATS = ['mp4', 'hls'];
const ADMIN = { email: 'admin@taal.local', password: 'admin123' };

/** The clip: 2 minutes of 720p with detail and noise at about 4 Mbit/s, made once. */
function clip() {
  const dir = path.join(os.homedir(), '.cache', 'taal', 'bench');
  const file = path.join(dir, `stream-${CLIP_SECONDS}s-${CLIP_KBPS}k.mp4`);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(dir, { recursive: true });
  console.log(`making a ${CLIP_SECONDS} s clip at ${CLIP_KBPS} kbit/s with ffmpeg (once, cached in ${dir})…`);
  const tmp = `${file}.part.mp4`;
  execFileSync('ffmpeg', [
    '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', `testsrc2=size=1280x720:rate=30,noise=alls=30:allf=t`,
    '-f', 'lavfi', '-i', 'sine=frequency=220:sample_rate=44100',
    '-t', String(CLIP_SECONDS),
    '-c:v', 'libx264', '-preset', 'veryfast', '-b:v', `${CLIP_KBPS}k`, '-maxrate', `${CLIP_KBPS * 1.1}k`, '-bufsize', `${CLIP_KBPS * 2}k`, '-pix_fmt', 'yuv420p',
    '-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', '-shortest', tmp,
  ], { stdio: 'inherit' });
  fs.renameSync(tmp, file);
  return file;
}

async function json(res, what) {
  const body = await res.json().catch(() => ({}));
  if (!res.ok || body.success === false) throw new Error(`${what}: ${res.status} ${body.message ?? ''}`);
  return body.data;
}

/** Uploads the clip as an open lesson and waits for its ladder; answers the course and lesson. */
async function uploadLesson(base, file) {
  const { token } = await json(
    await fetch(`${base}/api/v1/user/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(ADMIN) }),
    'admin login',
  );
  const auth = { Authorization: `Bearer ${token}` };
  const course = (await json(await fetch(`${base}/api/v1/course/`), 'course list'))[0];
  const form = new FormData();
  form.set('title', 'Streaming bench: two minutes');
  form.set('status', 'open');
  form.set('video', await fs.openAsBlob(file, { type: 'video/mp4' }), path.basename(file));
  const started = Date.now();
  const lesson = await json(await fetch(`${base}/api/v1/course/${course._id}/lessons`, { method: 'POST', headers: auth, body: form }), 'upload');
  console.log(`uploaded ${(fs.statSync(file).size / 1e6).toFixed(1)} MB in ${((Date.now() - started) / 1000).toFixed(1)} s; waiting for the HLS ladder…`);
  let last = '';
  for (const deadline = Date.now() + 20 * 60_000; Date.now() < deadline; ) {
    const { lessons } = await json(await fetch(`${base}/api/v1/course/secure-course/${course._id}`, { headers: auth }), 'lessons');
    const l = lessons.find((x) => x._id === lesson._id);
    const state = l?.hls ? `${l.hls.state} ${l.hls.percent}%` : 'no job';
    if (state !== last) console.log(`  ladder: ${state}`);
    last = state;
    if (l?.hls?.state === 'ready') {
      console.log(`  ladder ready ${((Date.now() - started) / 1000).toFixed(0)} s after the upload`);
      return { course, lesson: l };
    }
    if (l?.hls?.state === 'failed') throw new Error(`the ladder failed after ${l.hls.attempts} attempt(s)`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('the ladder was not ready within 20 minutes');
}

/** One playback: fresh context, throttled, click the lesson, play, watch. */
async function play(browser, base, course, lesson, network, format, watchSeconds) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    if (format === 'mp4') {
      // The same player and lesson, as before issue 24: playback without a ladder.
      await page.route('**/api/v1/lesson/*/playback', async (route) => {
        const res = await route.fetch();
        const body = await res.json();
        if (body.data) body.data.hls = null;
        await route.fulfill({ response: res, json: body });
      });
    }
    await page.goto(`${base}/courseview?id=${encodeURIComponent(course._id)}`);
    await page.waitForSelector(`[data-testid="lesson-item"][data-lesson-id="${lesson._id}"]`);
    await page.waitForLoadState('networkidle');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: network.latency,
      downloadThroughput: (network.kbps * 1000) / 8,
      uploadThroughput: (network.kbps * 1000) / 8,
    });
    // Media events do not bubble; capture listeners on the document see them.
    await page.evaluate(() => {
      const b = { t0: performance.now(), played: false, firstFrame: null, stalls: [], waitingSince: null, seeking: false, ended: false };
      window.__bench = b;
      const now = () => performance.now();
      document.addEventListener('seeking', () => (b.seeking = true), true);
      document.addEventListener('seeked', () => (b.seeking = false), true);
      document.addEventListener(
        'waiting',
        () => {
          if (b.firstFrame !== null && !b.seeking && b.waitingSince === null) b.waitingSince = now();
        },
        true,
      );
      document.addEventListener(
        'playing',
        () => {
          if (b.waitingSince !== null) b.stalls.push(now() - b.waitingSince);
          b.waitingSince = null;
        },
        true,
      );
      document.addEventListener('ended', () => (b.ended = true), true);
    });
    await page.click(`[data-testid="lesson-item"][data-lesson-id="${lesson._id}"]`);
    await page.waitForSelector(`[data-testid="player"][data-lesson-id="${lesson._id}"][data-status="ready"]`, { timeout: 60_000 });
    await page.click('[data-testid="player-play"]');
    await page.evaluate(() => {
      const v = document.querySelector('[data-testid="player-video"]');
      v.requestVideoFrameCallback(() => {
        if (window.__bench.firstFrame === null) window.__bench.firstFrame = performance.now();
      });
    });
    const until = Date.now() + watchSeconds * 1000;
    while (Date.now() < until) {
      const done = await page.evaluate(() => window.__bench.ended);
      if (done) break;
      await page.waitForTimeout(500);
    }
    const r = await page.evaluate(() => {
      const b = window.__bench;
      const v = document.querySelector('[data-testid="player-video"]');
      const stalls = [...b.stalls, ...(b.waitingSince !== null ? [performance.now() - b.waitingSince] : [])];
      return {
        stream: document.querySelector('[data-testid="player"]')?.getAttribute('data-stream') ?? '',
        ttffMs: b.firstFrame === null ? null : Math.round(b.firstFrame - b.t0),
        stalls: stalls.length,
        stallMs: Math.round(stalls.reduce((n, s) => n + s, 0)),
        playedSeconds: Math.round(v.currentTime * 10) / 10,
        ended: b.ended,
        switches: (window.__taalHls?.switches ?? []).map((s) => s.height),
      };
    });
    return { network: network.name, format, ...r, errors };
  } finally {
    await context.close();
  }
}

const fmtS = (ms) => (ms === null ? '—' : `${(ms / 1000).toFixed(2)} s`);

const given = argValue('url');
const file = clip();
const server = given ? { url: given.replace(/\/$/, ''), stop: async () => undefined } : await startAllInOne('stream');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--autoplay-policy=no-user-gesture-required'],
});
let failed = false;
try {
  const { course, lesson } = await uploadLesson(server.url, file);
  const watch = watchArg ? Number(watchArg) : Math.ceil(lesson.duration || CLIP_SECONDS) + 30;
  const results = [];
  for (const network of NETWORKS) {
    for (const format of FORMATS) {
      console.log(`playing: ${network.name}, ${format.toUpperCase()} (watching up to ${watch} s)…`);
      const r = await play(browser, server.url, course, lesson, network, format, watch);
      console.log(`  first frame ${fmtS(r.ttffMs)}, ${r.stalls} stall(s) ${fmtS(r.stallMs)}, played ${r.playedSeconds} s (${r.stream})`);
      results.push(r);
    }
  }
  const rows = [
    ['network', 'format', 'player', 'first frame', 'stalls', 'stalled', 'played', 'renditions'],
    ...results.map((r) => [
      r.network,
      r.format.toUpperCase(),
      r.stream,
      fmtS(r.ttffMs),
      String(r.stalls),
      fmtS(r.stallMs),
      `${r.playedSeconds} s${r.ended ? ' (end)' : ''}`,
      r.switches.length ? r.switches.map((h) => `${h}p`).join('→') : '—',
    ]),
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  console.log(`\nStreaming a ${CLIP_SECONDS} s lesson (${CLIP_KBPS} kbit/s source), watched up to ${watch} s per run:\n`);
  for (const [i, row] of rows.entries()) {
    console.log(row.map((c, j) => c.padEnd(widths[j])).join('  '));
    if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  }
  const report = { date: new Date().toISOString(), clip: { seconds: CLIP_SECONDS, kbps: CLIP_KBPS }, watchSeconds: watch, results };
  console.log(`\n${JSON.stringify(report, null, 2)}`);
  const out = argValue('json');
  if (out) fs.writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  for (const r of results) if (r.ttffMs === null || r.errors.length) failed = true;
} finally {
  await browser.close();
  await server.stop();
}
process.exit(failed ? 1 : 0);
