/**
 * Adaptive streaming (decision 0032, issue 24). On learning running alone (issue 52), with the
 * catalogue (the courses) beside it: the demo lessons get their ladder in the background; an uploaded video is transcoded with progress the
 * admin sees, and playback then answers the signed master playlist, whose renditions and segments
 * play with that signature only (403 without one, or with another lesson's, or with the MP4's); a
 * video that is accepted but does not decode to the end is retried and ends failed, with the MP4
 * still playing. On both infrastructures: a job whose worker died is done by another when its lease
 * ends, and a lesson's new video withdraws the old ladder and replaces it.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { learningV1 } from '@taal/contracts';
import { startCatalogue, type RunningCatalogue } from '@taal/catalogue';
import { callUnary, createClient, createDiskFileStore, createLogger, createTestAuth, type CallerIdentity, type FileStore } from '@taal/kit';
import { demoCourses } from '../../catalogue/src/domain/demo-data';
import { backends, type Backend } from '../../../tools/testing/backends';
import { gatewayApi, type Json } from '../../../tools/testing/gateway-api';
import { startServiceAlone, type ServiceAlone } from '../../../tools/testing/service-alone';
import { waitFor } from '../../../tools/testing/wait';
import { startLearning, type RunningLearning } from './service';
import { useCaseCalls } from './testing/use-case-calls';

type HlsJob = { state: 'queued' | 'running' | 'ready' | 'failed'; percent: number; attempts: number } | null;
type Lesson = { _id: string; status: string; filename: string; hls: HlsJob };

const work = mkdtempSync(path.join(os.tmpdir(), 'taal-hls-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * A short clip with a tone made here, unique to this run (the tone), so no ladder kept from an
 * earlier run stands in for transcoding it: H.264/AAC MP4, which the upload keeps as it is.
 */
function makeClip(name: string, opts: { size: string; seconds: number }): string {
  const file = path.join(work, name);
  const tone = 200 + Math.floor(Math.random() * 2000);
  execFileSync('ffmpeg', [
    '-v', 'error', '-y',
    '-f', 'lavfi', '-i', `testsrc2=size=${opts.size}:rate=25:duration=${opts.seconds}`,
    '-f', 'lavfi', '-i', `sine=frequency=${tone}:duration=${opts.seconds}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '64k', '-shortest', '-movflags', '+faststart', file,
  ]);
  return file;
}

/** A clip whose media data is zeros after its first tenth: ffprobe and the upload accept it, but it does not decode to the end. */
function makeBrokenClip(name: string): string {
  const file = makeClip(name, { size: '320x240', seconds: 12 });
  const bytes = readFileSync(file);
  const mdat = bytes.indexOf('mdat');
  const from = mdat + 4 + Math.floor((bytes.length - mdat) * 0.1);
  bytes.fill(0, from);
  writeFileSync(file, bytes);
  return file;
}

/** The stored objects of the disk file store at `root` under `prefix` (relative), or [] when none. */
const storedUnder = (root: string, prefix: string) => filesUnder(path.join(root, 'objects', ...prefix.split('/')));

/** Every file under `dir` (relative), or [] when it does not exist. */
const filesUnder = (dir: string): string[] => {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
  } catch {
    return [];
  }
};

describe('adaptive streaming on learning running alone', () => {
  let learning: ServiceAlone;
  let admin: string;
  let student: string;
  let courseId: string;
  let demo: Lesson[];
  // Each call to the service that serves it (sign-in: identity; the course list: the catalogue).
  const baseFor = (p: string) => learning.baseFor(p);
  const { get, login } = gatewayApi(baseFor);

  const lessonsOf = async (token?: string) => (await get(`/course/secure-course/${courseId}`, token)).body.data.lessons as Lesson[];
  const playback = async (lessonId: string, token?: string) => (await get(`/lesson/${lessonId}/playback`, token)).body.data as { url: string; hls: string | null };
  const upload = async (file: string, title: string) => {
    const form = new FormData();
    form.append('title', title);
    form.append('status', 'paid');
    form.append('video', new Blob([readFileSync(file)], { type: 'video/mp4' }), path.basename(file));
    const res = await fetch(`${baseFor(`/course/${courseId}/lessons`)}/api/v1/course/${courseId}/lessons`, { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: form });
    return { status: res.status, body: (await res.json()) as Json };
  };
  /** The same URL with its signature (the path segment after /hls/) replaced. */
  const withToken = (url: string, token: string) => url.replace(/\/video\/hls\/[^/]+\//, `/video/hls/${token}/`);
  const tokenOf = (url: string) => /\/video\/hls\/([^/]+)\//.exec(url)![1]!;
  const fetchAt = (url: string) => fetch(learning.urlOf(url));

  beforeAll(async () => {
    // Failed attempts are retried after 1 s, then 4 s (30 s and 2 min by default).
    learning = await startServiceAlone('learning', { also: ['catalogue'], env: { LEARNING_HLS_RETRY_SECONDS: '1' } });
    admin = (await login('admin@taal.local', 'admin123')).token;
    student = (await login('student@taal.local', 'student123')).token;
    const courses = (await get('/course/')).body.data as { _id: string; priceSilver: { price: number } | null }[];
    courseId = courses.find((c) => (c.priceSilver?.price ?? 0) > 0)!._id;
    await waitFor(async () => ((await get(`/course/secure-course/${courseId}`)).body.data?.lessons?.length ?? 0) === 4, 'demo lessons', { timeoutMs: 60_000 });
    demo = await lessonsOf(admin);
  }, 120_000);

  afterAll(async () => {
    await learning?.stop();
  });

  it('transcodes the demo lessons in the background: playback answers their signed master playlist', async () => {
    const open = demo.find((l) => l.status === 'open')!;
    await waitFor(async () => !!(await playback(open._id)).hls, 'the open demo lesson’s ladder', { timeoutMs: 90_000, intervalMs: 250 });
    const { url, hls } = await playback(open._id);
    expect(url).toMatch(/^\/api\/v1\/video\/[a-z0-9-]+\.mp4\?token=/); // the MP4 stays, as the fallback
    expect(hls).toMatch(new RegExp(`^/api/v1/video/hls/[^/]+/${open._id}/[a-f0-9]{12}/master\\.m3u8$`));

    const master = await fetchAt(hls!);
    expect([master.status, master.headers.get('content-type'), master.headers.get('cache-control')]).toEqual([200, 'application/vnd.apple.mpegurl', 'private, max-age=600']);
    const text = await master.text();
    // The demo clips are 320x180: one rendition at their own size, never upscaled.
    expect(text).toMatch(/#EXT-X-STREAM-INF:BANDWIDTH=\d+,RESOLUTION=320x180,CODECS="avc1\.[0-9a-f]+,mp4a\.40\.2"\n180p\/index\.m3u8/);
    const variant = await fetchAt(hls!.replace('master.m3u8', '180p/index.m3u8'));
    expect([variant.status, variant.headers.get('content-type')]).toEqual([200, 'application/vnd.apple.mpegurl']);
    const segments = (await variant.text()).split('\n').filter((l) => l.endsWith('.ts'));
    expect(segments.length).toBe(3); // 12 s in 4 s segments
    const segment = await fetchAt(hls!.replace('master.m3u8', `180p/${segments[0]}`));
    expect([segment.status, segment.headers.get('content-type')]).toEqual([200, 'video/mp2t']);
    expect(Buffer.from(await segment.arrayBuffer())[0]).toBe(0x47); // MPEG-TS sync byte
  }, 120_000);

  it('refuses a paid lesson’s playlist and segments without its own signature (403), and a missing file with one (404)', async () => {
    const [paid, otherPaid] = demo.filter((l) => l.status === 'paid');
    const open = demo.find((l) => l.status === 'open')!;
    await waitFor(async () => !!(await playback(paid!._id, admin)).hls && !!(await playback(otherPaid!._id, admin)).hls, 'the paid demo lessons’ ladders', {
      timeoutMs: 90_000,
      intervalMs: 250,
    });
    // A visitor and a student without the course get no URL at all.
    expect((await get(`/lesson/${paid!._id}/playback`)).status).toBe(403);
    expect((await get(`/lesson/${paid!._id}/playback`, student)).status).toBe(403);

    const { url: mp4, hls } = await playback(paid!._id, admin);
    const segment = hls!.replace('master.m3u8', '180p/seg_000.ts');
    const allowed = await fetchAt(segment);
    await allowed.arrayBuffer();
    expect(allowed.status).toBe(200);
    const openHls = (await playback(open._id)).hls!;
    const refused = [
      withToken(segment, 'x'), // no signature
      withToken(segment, `${tokenOf(segment).slice(0, -4)}AAAA`), // a forged one
      withToken(segment, tokenOf(openHls)), // the open lesson's (a visitor has that one)
      withToken(segment, tokenOf((await playback(otherPaid!._id, admin)).hls!)), // another paid lesson's
      withToken(segment, new URL(mp4, learning.base).searchParams.get('token')!), // this lesson's MP4 link
      withToken(hls!, 'x'),
      withToken(hls!.replace('master.m3u8', '180p/index.m3u8'), tokenOf(openHls)),
    ];
    for (const url of refused) {
      const res = await fetchAt(url);
      expect([url, res.status, ((await res.json()) as Json).reason]).toEqual([url, 403, 'VIDEO_LINK_INVALID']);
    }
    // The right signature for a file the ladder does not have.
    expect((await fetchAt(hls!.replace('master.m3u8', '180p/seg_999.ts'))).status).toBe(404);
    expect((await fetchAt(hls!.replace('master.m3u8', '720p/index.m3u8'))).status).toBe(404);
  }, 120_000);

  it('transcodes an uploaded video into a ladder with aligned renditions, its progress visible to the admin only', async () => {
    const added = await upload(makeClip('lesson.mp4', { size: '640x360', seconds: 30 }), 'Bowing, slowly');
    expect(added.status).toBe(201);
    const id = added.body.data._id as string;
    expect(added.body.data.hls).toMatchObject({ state: expect.stringMatching(/^(queued|running)$/), attempts: expect.any(Number) });
    expect((await playback(id, admin)).hls).toBeNull(); // not before the whole ladder is stored

    const seen: NonNullable<HlsJob>[] = [];
    await waitFor(
      async () => {
        const job = (await lessonsOf(admin)).find((l) => l._id === id)!.hls!;
        seen.push(job);
        return job.state === 'ready';
      },
      'the uploaded lesson’s ladder',
      { timeoutMs: 120_000, intervalMs: 100 },
    );
    // Progress moved (ffmpeg's output time against the length) before the ladder was ready.
    expect(seen.some((j) => j.state === 'running' && j.percent > 0 && j.percent < 100)).toBe(true);
    expect(seen.at(-1)).toEqual({ state: 'ready', percent: 100, attempts: 1 });
    // Students see no transcoding state.
    const seenByStudent = await lessonsOf(student);
    expect(seenByStudent.length).toBeGreaterThan(4);
    expect(seenByStudent.every((l) => l.hls === null)).toBe(true);

    const hls = (await playback(id, admin)).hls!;
    const master = await (await fetchAt(hls)).text();
    // 640x360: the 240p rung and the source's own 360p, each with its bandwidth and size.
    expect(master).toMatch(/BANDWIDTH=\d+,RESOLUTION=426x240,.*\n240p\/index\.m3u8/);
    expect(master).toMatch(/BANDWIDTH=\d+,RESOLUTION=640x360,.*\n360p\/index\.m3u8/);
    const durations = async (rung: string) => {
      const text = await (await fetchAt(hls.replace('master.m3u8', `${rung}/index.m3u8`))).text();
      return [...text.matchAll(/#EXTINF:([0-9.]+)/g)].map((m) => Number(m[1]));
    };
    // Segments of the same length in both renditions (key frames aligned), 4 s each, 30 s in all.
    const [low, high] = [await durations('240p'), await durations('360p')];
    expect(low).toEqual(high);
    expect(low.slice(0, -1).every((d) => Math.abs(d - 4) < 0.05)).toBe(true);
    expect(low.reduce((a, b) => a + b, 0)).toBeCloseTo(30, 0);
    for (const rung of ['240p', '360p']) {
      const seg = await fetchAt(hls.replace('master.m3u8', `${rung}/seg_007.ts`));
      await seg.arrayBuffer();
      expect([rung, seg.status, seg.headers.get('content-type')]).toEqual([rung, 200, 'video/mp2t']);
    }
  }, 180_000);

  it('retries a video that does not decode to the end, then marks it failed: no ladder, the MP4 still plays', async () => {
    const added = await upload(makeBrokenClip('broken.mp4'), 'Broken upload');
    expect(added.status).toBe(201); // ffprobe and the fast-start copy accept it
    const id = added.body.data._id as string;
    const attempts = new Set<number>();
    await waitFor(
      async () => {
        const job = (await lessonsOf(admin)).find((l) => l._id === id)!.hls!;
        attempts.add(job.attempts);
        expect(job.state).not.toBe('ready');
        return job.state === 'failed';
      },
      'the broken lesson’s job to fail',
      { timeoutMs: 120_000, intervalMs: 100 },
    );
    expect((await lessonsOf(admin)).find((l) => l._id === id)!.hls).toMatchObject({ state: 'failed', attempts: 3 });
    expect([...attempts].filter((n) => n > 0).length).toBeGreaterThanOrEqual(2); // retried, not failed at once
    const { url, hls } = await playback(id, admin);
    expect(hls).toBeNull();
    const mp4 = await fetchAt(url);
    await mp4.body?.cancel(); // the headers are the point: the video itself is not read
    expect([mp4.status, mp4.headers.get('content-type')]).toEqual([200, 'video/mp4']);
    // Nothing of the failed attempts is left in the files port.
    expect(storedUnder(path.join(learning.dataDir, 'files'), `hls/${id}`)).toEqual([]);
  }, 180_000);
});

const logger = createLogger('hls-test');
const auth = createTestAuth(['gateway', 'catalogue', 'learning']);
const ADMIN: CallerIdentity = { userId: 'admin-1', userType: 1 };

describe.each(backends)('the HLS job on %s infrastructure', (_name, makeBackend) => {
  let backend: Backend;
  let catalogue: RunningCatalogue;
  let learning: RunningLearning;
  let files: FileStore;
  let client: learningV1.LearningServiceClient;
  const filesDir = mkdtempSync(path.join(os.tmpdir(), 'taal-hls-files-'));
  const courseId = demoCourses.find((c) => c.published)!.id;

  // Over gRPC, as the catalogue's routes and messaging call them; a lesson's playback is its routes' use case (issue 52).
  const useCase = useCaseCalls(() => learning.useCases);
  const call = async <Res>(method: 'addLesson' | 'getPlayback' | 'getSecureCourse' | 'deleteCourseLessons', request: object) =>
    method === 'getPlayback'
      ? useCase<Res>(method, request, ADMIN, await auth.userToken(ADMIN))
      : callUnary<object, Res>(client, method, (learningV1 as unknown as Record<string, { fromPartial(o: object): object }>)[`${method[0]!.toUpperCase()}${method.slice(1)}Request`]!.fromPartial(request), {
          deadlineMs: 60_000,
          userToken: await auth.userToken(ADMIN),
        });
  const job = async (lessonId: string) =>
    (await backend.sql.query<{ state: string; attempts: number; ready_version: string | null; ready_files: string[] }>(
      `SELECT state, attempts, ready_version, ready_files FROM learning.hls_job WHERE lesson_id = $1`,
      [lessonId],
    )).rows[0]!;
  const addLesson = async (clip: string) => {
    const key = `uploads/${randomUUID()}`;
    await files.put(key, readFileSync(clip), 'video/mp4');
    return (await call<learningV1.AddLessonResponse>('addLesson', { courseId, title: 'A lesson', status: 'paid', uploadKey: key })).lesson!;
  };

  beforeAll(async () => {
    backend = await makeBackend();
    files = createDiskFileStore(filesDir);
    catalogue = await startCatalogue({ sql: backend.sql, bus: backend.bus, logger, host: '127.0.0.1', port: 0, seedDemoData: true, auth: auth.serviceAuth('catalogue') });
    learning = await startLearning({
      sql: backend.sql, bus: backend.bus, files, logger, host: '127.0.0.1', port: 0,
      auth: auth.serviceAuth('learning'), catalogueAddress: `127.0.0.1:${catalogue.port}`, hls: { pollMs: 200, retryBaseMs: 500 },
    });
    client = createClient(learningV1.LearningServiceClient, `127.0.0.1:${learning.port}`, { auth: { issuer: auth.serviceAuth('gateway').issuer, audience: 'learning' } });
  }, 120_000);

  afterAll(async () => {
    client?.close();
    await learning?.stop();
    await catalogue?.stop();
    await backend?.close();
    rmSync(filesDir, { recursive: true, force: true });
  });

  it('takes up a job whose worker died once its lease ends, and publishes a new ladder in place of the old', async () => {
    const lesson = await addLesson(makeClip(`lease-${_name}.mp4`, { size: '320x240', seconds: 6 }));
    await waitFor(async () => (await job(lesson.id)).state === 'ready', 'the first ladder', { timeoutMs: 60_000, intervalMs: 100 });
    const first = await job(lesson.id);
    const firstFolder = `hls/${lesson.id}/${first.ready_version}`;
    expect(storedUnder(filesDir, firstFolder).sort()).toEqual([...first.ready_files].sort());

    // A worker claimed it again and died: its lease ran out a moment ago.
    await backend.sql.query(
      `UPDATE learning.hls_job SET state = 'running', version = 'deadbeef0000', next_attempt_at = now() - interval '1 second' WHERE lesson_id = $1`,
      [lesson.id],
    );
    await waitFor(async () => (await job(lesson.id)).state === 'ready', 'the job taken up again', { timeoutMs: 60_000, intervalMs: 100 });
    const second = await job(lesson.id);
    expect(second.attempts).toBe(2);
    expect(second.ready_version).not.toBe(first.ready_version);
    const { hlsUrl } = await call<learningV1.GetPlaybackResponse>('getPlayback', { lessonId: lesson.id });
    expect(hlsUrl).toContain(`/${lesson.id}/${second.ready_version}/master.m3u8`);
    // The replaced ladder's files go (just after the new one is published); the new one's are all there.
    await waitFor(() => storedUnder(filesDir, firstFolder).length === 0, 'the replaced ladder deleted', { timeoutMs: 30_000, intervalMs: 100 });
    expect(storedUnder(filesDir, `hls/${lesson.id}/${second.ready_version}`).sort()).toEqual([...second.ready_files].sort());
  }, 120_000);

  it('withdraws a lesson’s ladder when its video is replaced, and publishes the new video’s', async () => {
    const lesson = await addLesson(makeClip(`old-${_name}.mp4`, { size: '320x240', seconds: 4 }));
    await waitFor(async () => (await job(lesson.id)).state === 'ready', 'the old video’s ladder', { timeoutMs: 60_000, intervalMs: 100 });
    const old = await job(lesson.id);

    // A new video for the lesson (as a replace-the-video upload would store it), then its job.
    const filename = `${randomUUID()}.mp4`;
    await files.put(`videos/${filename}`, readFileSync(makeClip(`new-${_name}.mp4`, { size: '480x360', seconds: 4 })), 'video/mp4');
    await backend.sql.query(`UPDATE learning.lesson SET filename = $2 WHERE id = $1`, [lesson.id, filename]);
    await learning.hls.queue(lesson.id, filename);
    expect((await call<learningV1.GetPlaybackResponse>('getPlayback', { lessonId: lesson.id })).hlsUrl).toBe('');
    expect(storedUnder(filesDir, `hls/${lesson.id}/${old.ready_version}`)).toEqual([]);

    await waitFor(async () => (await job(lesson.id)).state === 'ready', 'the new video’s ladder', { timeoutMs: 60_000, intervalMs: 100 });
    const now = await job(lesson.id);
    expect(now.attempts).toBe(1);
    expect(now.ready_files).toContain('360p/index.m3u8'); // the new video is 360 high, the old one 240
    const staff = await call<learningV1.GetSecureCourseResponse>('getSecureCourse', { courseId });
    expect(staff.lessons.find((l) => l.id === lesson.id)!.hls).toEqual({ state: 'ready', percent: 100, attempts: 1 });
  }, 120_000);

  it('deletes the ladders of a course’s lessons with them, also one being made at that moment', async () => {
    const running = await addLesson(makeClip(`running-${_name}.mp4`, { size: '640x360', seconds: 40 }));
    await waitFor(async () => (await job(running.id))?.state === 'running', 'the job running', { timeoutMs: 60_000, intervalMs: 50 });
    const { lessons } = await call<learningV1.GetSecureCourseResponse>('getSecureCourse', { courseId });
    expect(lessons.filter((l) => l.hls?.state === 'ready').length).toBeGreaterThanOrEqual(2); // the earlier tests' lessons
    expect(storedUnder(filesDir, 'hls').length).toBeGreaterThan(0);

    // The undo of a course add that failed half-way (decision 0015).
    expect((await call<learningV1.DeleteCourseLessonsResponse>('deleteCourseLessons', { courseId })).deleted).toBe(lessons.length);
    // The running attempt finds its job gone at its next progress write, stops, and removes whatever it stored.
    await waitFor(async () => storedUnder(filesDir, 'hls').length === 0, 'no ladder file left', {
      timeoutMs: 60_000,
      intervalMs: 200,
      context: () => storedUnder(filesDir, 'hls').join('\n'),
    });
    expect((await backend.sql.query(`SELECT count(*)::int AS n FROM learning.hls_job`)).rows[0]).toEqual({ n: 0 });
  }, 120_000);
});
