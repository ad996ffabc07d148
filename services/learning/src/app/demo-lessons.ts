/**
 * Demo lessons for `npm start` (SEED_DEMO_DATA): four per published course (open, login, paid,
 * paid) with short real videos made by ffmpeg (a test pattern with a tone, fast-start MP4),
 * stored through the files port like any upload (made once per machine, then reused). Without
 * ffmpeg the lessons are seeded without video and a warning says why.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Logger } from 'pino';
import type { FileStore } from '@taal/kit';
import type { LessonStatus } from '../domain/access';
import type { LearningStore } from '../store/learning-store';

const run = promisify(execFile);

const LESSONS: { title: string; status: LessonStatus; pattern: string; tone: number }[] = [
  { title: 'Welcome and setup', status: 'open', pattern: 'testsrc', tone: 330 },
  { title: 'Warm-up routine', status: 'login', pattern: 'testsrc2', tone: 440 },
  { title: 'Core technique', status: 'paid', pattern: 'smptebars', tone: 550 },
  { title: 'Play-along', status: 'paid', pattern: 'rgbtestsrc', tone: 660 },
];

export const VIDEO_KEY_PREFIX = 'videos/';

interface DemoVideo {
  bytes: Buffer;
  durationSeconds: number;
}

/**
 * The four demo videos, made once per machine and kept in the temp folder (every all-in-one start
 * in the test suite seeds lessons; encoding again each time would only burn CPU).
 */
async function makeVideos(seconds: number): Promise<DemoVideo[] | null> {
  const cache = path.join(os.tmpdir(), `taal-demo-videos-v1-${seconds}s`);
  const cached = await readCached(cache);
  if (cached) return cached;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'taal-demo-video-'));
  try {
    const durations: number[] = [];
    for (const [i, l] of LESSONS.entries()) {
      const file = path.join(dir, `${i}.mp4`);
      await run('ffmpeg', [
        '-v', 'error', '-y',
        '-f', 'lavfi', '-i', `${l.pattern}=size=320x180:rate=15:duration=${seconds}`,
        '-f', 'lavfi', '-i', `sine=frequency=${l.tone}:duration=${seconds}`,
        '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '64k',
        '-shortest', '-movflags', '+faststart', file,
      ]);
      const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=nw=1:nk=1', file]);
      durations.push(Number(stdout.trim()) || seconds);
    }
    await writeFile(path.join(dir, 'durations.json'), JSON.stringify(durations));
    // Published whole or not at all: a rename; another process may have won the race, which is fine.
    await rename(dir, cache).catch(() => undefined);
    return (await readCached(cache)) ?? (await readCached(dir));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function readCached(dir: string): Promise<DemoVideo[] | null> {
  try {
    const durations = JSON.parse(await readFile(path.join(dir, 'durations.json'), 'utf8')) as number[];
    return await Promise.all(LESSONS.map(async (_, i) => ({ bytes: await readFile(path.join(dir, `${i}.mp4`)), durationSeconds: durations[i]! })));
  } catch {
    return null;
  }
}

/** Seeds lessons for every listed course that has none; returns how many courses got lessons. */
export async function seedDemoLessons(
  store: LearningStore,
  files: FileStore,
  courseIds: readonly string[],
  logger: Logger,
  videoSeconds = 12,
): Promise<number> {
  const have = await store.coursesWithLessons();
  const missing = courseIds.filter((id) => !have.has(id));
  if (missing.length === 0) return 0;
  const videos = await makeVideos(videoSeconds);
  if (!videos) logger.warn('ffmpeg is not installed: demo lessons are seeded without video (apt-get install ffmpeg)');
  for (const courseId of missing) {
    for (const [i, l] of LESSONS.entries()) {
      const video = videos?.[i];
      const filename = video ? `${randomUUID()}.mp4` : null;
      if (video && filename) await files.put(`${VIDEO_KEY_PREFIX}${filename}`, video.bytes, 'video/mp4');
      await store.insertLesson({
        id: randomUUID(),
        courseId,
        position: i + 1,
        title: l.title,
        status: l.status,
        filename,
        size: video?.bytes.length ?? 0,
        durationSeconds: video?.durationSeconds ?? 0,
      });
    }
  }
  return missing.length;
}
