#!/usr/bin/env node
/**
 * The tuner's audio processing as a share of one core (issue 54 item 5, decision 0080; budget 15 %
 * of one core of a 4× CPU-throttled Chromium). Headless Chromium with the fake microphone playing a
 * guitar-like tone (a WAV written here) opens /tuner and starts listening; the worklet counts the
 * milliseconds it spends in process() and the seconds of audio it has processed (the tuner shows
 * both as data attributes), read over a known span: first unthrottled, then with CDP's
 * Emulation.setCPUThrottlingRate 4. Chromium's throttling slows the page's main thread; whether it
 * reaches the audio rendering thread depends on the build, so the budget is checked against the
 * larger of the throttled share and 4× the unthrottled one. The page's main-thread work over the
 * same span (CDP Performance.getMetrics TaskDuration: the frames' handling and the tuner's drawing)
 * is printed beside it.
 *
 * Usage: node tools/bench/listen-cpu.mjs [--url http://127.0.0.1:8080] [--seconds 20]
 * Without --url it starts the all-in-one itself (needs `npm run build` first). Exits 1 over budget.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startAllInOne } from '../lib/all-in-one.mjs';

const BUDGET = 0.15;
const argValue = (name) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const SPAN_S = Number(argValue('seconds') ?? 20);

/** 16-bit PCM mono 48 kHz: 2 s of a 110 Hz tone with 6 harmonics and a little noise. */
function writeWav() {
  const rate = 48_000;
  const samples = rate * 2;
  const data = Buffer.alloc(samples * 2);
  for (let n = 0; n < samples; n++) {
    let v = 0;
    for (let k = 1; k <= 6; k++) v += (0.4 / k) * Math.sin(2 * Math.PI * 110 * k * (n / rate));
    data.writeInt16LE(Math.round((v + 0.01 * (Math.random() * 2 - 1)) * 32767), n * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  const file = path.join(os.tmpdir(), `taal-listen-cpu-${process.pid}.wav`);
  fs.writeFileSync(file, Buffer.concat([header, data]));
  return file;
}

const wav = writeWav();
const given = argValue('url');
const server = given ? { url: given.replace(/\/$/, ''), stop: async () => undefined } : await startAllInOne('listen');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${wav}`],
});
let failed = false;
try {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto(`${server.url}/tuner`);
  await page.click('[data-testid="tuner-toggle"]');
  await page.waitForSelector('[data-testid="tuner-reading"][data-note="A2"]', { timeout: 30_000 });

  const sample = async () => {
    const tuner = page.locator('[data-testid="tuner"]');
    const { metrics } = await cdp.send('Performance.getMetrics');
    return {
      busyMs: Number(await tuner.getAttribute('data-busy-ms')),
      audioS: Number(await tuner.getAttribute('data-audio-seconds')),
      taskS: metrics.find((m) => m.name === 'TaskDuration').value,
      wallS: performance.now() / 1000,
    };
  };
  const span = async (rate) => {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await page.waitForTimeout(2000);
    const a = await sample();
    await page.waitForTimeout(SPAN_S * 1000);
    const b = await sample();
    const note = await page.getAttribute('[data-testid="tuner-reading"]', 'data-note');
    return { rate, audioS: b.audioS - a.audioS, worklet: (b.busyMs - a.busyMs) / 1000 / (b.audioS - a.audioS), main: (b.taskS - a.taskS) / (b.wallS - a.wallS), note };
  };
  const plain = await span(1);
  const throttled = await span(4);
  const pct = (x) => `${(100 * x).toFixed(2)} %`;
  for (const r of [plain, throttled]) {
    console.log(`CPU throttling ${r.rate}×: worklet ${pct(r.worklet)} of one core over ${r.audioS.toFixed(1)} s of audio; page main thread ${pct(r.main)}; reading ${r.note}`);
  }
  const share = Math.max(throttled.worklet, 4 * plain.worklet);
  console.log(`Worklet share for the budget: ${pct(share)} (larger of the throttled figure and 4× the unthrottled one); budget ${pct(BUDGET)}`);
  if (!(share <= BUDGET) || throttled.note !== 'A2') failed = true;
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(wav, { force: true });
}
process.exit(failed ? 1 : 0);
