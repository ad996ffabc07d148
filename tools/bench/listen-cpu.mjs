#!/usr/bin/env node
/**
 * The tuner's audio processing as a share of one core (issue 54 item 5, decision 0080; budget 15 %
 * of one core of a 4× CPU-throttled Chromium). Headless Chromium with the fake microphone playing a
 * guitar-like tone (a WAV written here) opens /tuner at 390 px and starts listening; a CDP trace
 * over a known span gives the CPU time (thread time, `tdur`) of the worklet's `process()` calls
 * (`AudioWorkletProcessor::Process`, our code and pitchy) and of every task on Chromium's real-time
 * audio worklet thread (the microphone's conversion and the graph too), first unthrottled, then
 * under CDP Emulation.setCPUThrottlingRate 4. That throttling slows the page's main thread and may
 * not reach the audio thread, so the budget is checked against the larger of the throttled share
 * and 4× the unthrottled one, for the whole audio thread. The page's main thread over the same span
 * (CDP Performance.getMetrics TaskDuration: the frames' messages, the tuner's drawing) is printed too.
 *
 * Usage: node tools/bench/listen-cpu.mjs [--url http://127.0.0.1:8080] [--seconds 15]
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
const SPAN_S = Number(argValue('seconds') ?? 15);

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

  /** The trace's complete events of the audio worklet thread over `seconds`. */
  const trace = async (seconds) => {
    const events = [];
    const onData = (e) => events.push(...e.value);
    cdp.on('Tracing.dataCollected', onData);
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: ['__metadata', 'toplevel', 'disabled-by-default-audio-worklet'] } });
    await page.waitForTimeout(seconds * 1000);
    await cdp.send('Tracing.end');
    await complete;
    cdp.off('Tracing.dataCollected', onData);
    const audioThread = new Set(events.filter((e) => e.name === 'thread_name' && /AudioWorklet/i.test(e.args?.name ?? '')).map((e) => `${e.pid}:${e.tid}`));
    return events.filter((e) => e.ph === 'X' && audioThread.has(`${e.pid}:${e.tid}`));
  };
  const cpuSeconds = (events, name) => events.filter((e) => e.name === name).reduce((n, e) => n + (e.tdur ?? e.dur ?? 0), 0) / 1e6;
  const span = async (rate) => {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await page.waitForTimeout(2000);
    const before = (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration').value;
    const t0 = performance.now();
    const events = await trace(SPAN_S);
    const wall = (performance.now() - t0) / 1000;
    const after = (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration').value;
    const calls = events.filter((e) => e.name === 'AudioWorkletProcessor::Process');
    const covered = calls.length ? (Math.max(...calls.map((e) => e.ts + e.dur)) - Math.min(...calls.map((e) => e.ts))) / 1e6 : 0;
    const note = await page.getAttribute('[data-testid="tuner-reading"]', 'data-note');
    return {
      rate,
      calls: calls.length,
      covered,
      worklet: covered ? cpuSeconds(events, 'AudioWorkletProcessor::Process') / covered : NaN,
      thread: covered ? cpuSeconds(events, 'ThreadControllerImpl::RunTask') / covered : NaN,
      main: (after - before) / wall,
      note,
    };
  };
  const plain = await span(1);
  const throttled = await span(4);
  const pct = (x) => `${(100 * x).toFixed(2)} %`;
  for (const r of [plain, throttled]) {
    console.log(
      `CPU throttling ${r.rate}×: process() ${pct(r.worklet)} and the whole audio thread ${pct(r.thread)} of one core (${r.calls} calls over ${r.covered.toFixed(1)} s); page main thread ${pct(r.main)}; reading ${r.note}`,
    );
  }
  const share = Math.max(throttled.thread, 4 * plain.thread);
  console.log(`Audio thread's share for the budget: ${pct(share)} (larger of the throttled figure and 4× the unthrottled one); budget ${pct(BUDGET)}`);
  if (!(share <= BUDGET) || !(plain.calls > 0 && throttled.calls > 0) || throttled.note !== 'A2') failed = true;
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(wav, { force: true });
}
process.exit(failed ? 1 : 0);
