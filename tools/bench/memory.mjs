#!/usr/bin/env node
/**
 * Resident memory of the all-in-one (`npm start`) after it starts and after headless
 * Chromium has browsed every public screen (the issue-7 budget: ≤ 450 MB RSS).
 * A bare `node` process that loads nothing is measured in the same run as the baseline,
 * so the ratio is comparable between noisy machines; the absolute figure is what the budget
 * is about. Usage: node tools/bench/memory.mjs [--budget-mb 450] [--rounds 2]
 * Exits 1 when the RSS after browsing is above the budget.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { allInOneCommand, rssMb } from '../lib/all-in-one.mjs';
import { freePort } from '../lib/free-port.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const budgetMb = arg('budget-mb', 450);
const rounds = arg('rounds', 2);

/** Every screen a visitor can open without an account (spec §2), plus a course and an instructor. */
const PUBLIC_SCREENS = [
  '/',
  '/allcourses',
  '/instructorlist',
  '/about',
  '/terms',
  '/privacy',
  '/how-to-guide',
  '/contact',
  '/login',
  '/signup',
  '/forgetpassword',
  '/freebies',
  '/store',
  '/cart',
];

async function waitFor(url, timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(url).catch(() => null);
    if (res?.status === 200) return res;
    if (Date.now() > until) throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const settle = () => new Promise((r) => setTimeout(r, 2000));

async function baselineRss() {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  await new Promise((r) => setTimeout(r, 500));
  const mb = rssMb(child.pid);
  child.kill('SIGKILL');
  return mb;
}

async function measureOnce(browser) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'taal-mem-'));
  const port = await freePort();
  const command = allInOneCommand();
  const child = spawn(process.execPath, command.args, {
    cwd: root,
    env: { ...process.env, ...command.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/healthz`);
    await settle();
    const afterStart = rssMb(child.pid);

    const courses = await (await fetch(`${base}/api/v1/course/`)).json();
    const instructors = await (await fetch(`${base}/api/v1/instructor/`)).json();
    const firstCourse = (courses.data ?? courses)[0];
    const firstInstructor = (instructors.data ?? instructors)[0];
    const screens = [...PUBLIC_SCREENS];
    if (firstCourse?._id ?? firstCourse?.id) screens.push(`/courseview/${firstCourse._id ?? firstCourse.id}`);
    if (firstInstructor?._id ?? firstInstructor?.id) screens.push(`/instructorview/${firstInstructor._id ?? firstInstructor.id}`);

    const page = await browser.newPage();
    for (const language of ['en', 'bn']) {
      await page.goto(`${base}/`);
      await page.evaluate((lng) => globalThis.localStorage.setItem('i18nextLng', lng), language);
      for (const screen of screens) {
        await page.goto(`${base}${screen}`, { waitUntil: 'networkidle' });
      }
    }
    await page.close();
    await settle();
    return { afterStart, afterBrowse: rssMb(child.pid), screens: screens.length * 2 };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
let worst = 0;
try {
  for (let round = 1; round <= rounds; round++) {
    const baseline = await baselineRss();
    const { afterStart, afterBrowse, screens } = await measureOnce(browser);
    worst = Math.max(worst, afterBrowse);
    console.log(
      `round ${round}: all-in-one RSS ${afterStart.toFixed(0)} MB after start, ${afterBrowse.toFixed(0)} MB after ${screens} screen visits` +
        ` (bare node ${baseline.toFixed(0)} MB; ratio ${(afterBrowse / baseline).toFixed(1)}×; budget ${budgetMb} MB)`,
    );
  }
} finally {
  await browser.close();
}
if (worst > budgetMb) {
  console.error(`over budget: ${worst.toFixed(0)} MB > ${budgetMb} MB`);
  process.exit(1);
}
