/**
 * Adding and changing courses, instructors and upcoming courses on the catalogue running alone
 * (issues 10 and 52), with learning (lessons, course files) and commerce (a purchase) beside it:
 * the one upload mechanism (decision 0016) and who may write (decision 0020), as a back-office user
 * and a visitor see them. The uploaded images served back as public media (`/api/v1/media/...`)
 * are the edge's: that part runs through the gateway on the all-in-one process, in the last describe.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startAllInOne } from '@taal/launcher';
import { pngImage } from '../../../tools/testing/images';
import { postCutOff } from '../../../tools/testing/uploads';
import { waitFor } from '../../../tools/testing/wait';
import { gatewayApi, type Json } from '../../../tools/testing/gateway-api';
import { startServiceAlone, type ServiceAlone } from '../../../tools/testing/service-alone';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(3000, 0x90)]);

/** A multipart POST to `${base(p)}/api/v1${p}`: strings as fields, buffers as files. */
const multipartAt = async (base: (p: string) => string, p: string, parts: [string, string | Buffer, string?][], token: string) => {
  const form = new FormData();
  for (const [name, value, filename] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value)]), filename ?? name);
  }
  const res = await fetch(`${base(p)}/api/v1${p}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: (await res.json()) as Json };
};

/** A one-second H.264 clip made with ffmpeg under `dir`. */
const makeClip = (dir: string) => {
  const file = path.join(dir, 'clip.mp4');
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=160x90:rate=10:duration=1', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', file]);
  return readFileSync(file);
};

const courseFieldsFor = (title: string, instructorId: string): [string, string][] => [
  ['title', title],
  ['subtitle', 'Open tunings and a glass slide'],
  ['desc', '<p>Twelve lessons</p>'],
  ['courseHour', '6'],
  ['catagory', 'Guitar'],
  ['courseType', 'beginner'],
  ['instructor', instructorId],
  ['priceSilverPrice', '1500'],
  ['priceSilverOldPrice', '2000'],
  ['priceSilverValidity', '30'],
  ['priceGoldPrice', '2500.50'],
  ['priceGoldOldPrice', '3000'],
  ['priceGoldValidity', '90'],
  ['priceDiamondPrice', '4000'],
  ['priceDiamondOldPrice', '5000'],
  ['priceDiamondValidity', '365'],
  ['topic', 'Open G; Open D'],
  ['requirements', 'A guitar'],
  ['whoFor', 'Beginners; Blues lovers'],
];

describe('course, instructor and upcoming writes on the catalogue running alone', () => {
  let catalogue: ServiceAlone;
  let work: string;
  let clip: Buffer;
  let png: Buffer;
  let instructorId: string;
  const tokens: Record<string, string> = {};

  // Each call to the service that serves it (sign-in: identity; course files and lessons: learning; the purchase: commerce).
  const baseFor = (p: string) => catalogue.baseFor(p);
  const { request } = gatewayApi(baseFor);
  const multipart = (p: string, parts: [string, string | Buffer, string?][], token: string) => multipartAt(baseFor, p, parts, token);
  /** The full address of a path under /api/v1 (a course file's URL), on the service that serves it. */
  const at = (url: string) => catalogue.urlOf(url);
  /**
   * Every key in the files port (the all-in-one keeps them under DATA_DIR/files), but the lessons'
   * HLS ladders, which learning writes in the background (decision 0032; services/learning/src/hls.itest.ts).
   */
  const storedFiles = () => {
    try {
      return (readdirSync(path.join(catalogue.dataDir, 'files', 'objects'), { recursive: true }) as string[])
        .filter((f) => /\.[a-z0-9]+$|[0-9a-f-]{36}$/.test(f) && !f.startsWith(`hls${path.sep}`))
        .sort();
    } catch {
      return [];
    }
  };
  const courseCount = async () => ((await request('GET', '/course/adminallcourse', undefined, tokens.admin)).body.data as unknown[]).length;
  const courseFields = (title: string) => courseFieldsFor(title, instructorId);

  beforeAll(async () => {
    work = mkdtempSync(path.join(os.tmpdir(), 'taal-course-writes-work-'));
    // The catalogue alone, with learning (a course's lessons and files) and commerce (buying one).
    catalogue = await startServiceAlone('catalogue', { also: ['learning', 'commerce'] });
    for (const [who, password] of [['admin', 'admin123'], ['content', 'content123'], ['student', 'student123']]) {
      tokens[who!] = (await request('POST', '/user/login/', { email: `${who}@taal.local`, password })).body.data.token;
    }
    instructorId = ((await request('GET', '/instructor/')).body.data as { _id: string }[])[0]!._id;
    clip = makeClip(work);
    png = await pngImage(64, 48);
  }, 120_000);

  afterAll(async () => {
    await catalogue?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it("lets the content role add a course with its files and lessons ('Course Added Successfully!!!'); it starts unpublished", async () => {
    const res = await multipart(
      '/course/add/',
      [
        ...courseFields('Slide guitar from zero'),
        ['thumbnail', png, 'thumb.png'],
        ['banner', png, 'banner.png'],
        ['documents', PDF, 'tabs.pdf'],
        ['videos', clip, 'Lesson one.mp4'],
        ['videos', clip, 'second.mp4'],
        ['videoTitles', 'Tuning to open G'],
        ['videoStatus', 'open'],
      ],
      tokens.content!,
    );
    expect(res).toMatchObject({ status: 201, body: { success: true, message: 'Course Added Successfully!!!' } });
    const course = res.body.data;
    expect(course).toMatchObject({ published: false, featured: false, priceGold: { price: 250050, oldPrice: 300000, validity: 90 }, topic: ['Open G', 'Open D'] });
    expect(course.thumbnail).toMatch(/^\/api\/v1\/media\/images\/[0-9a-f-]{36}\.jpg$/);
    // The course file is not public media: it is served to those who see the whole course.
    expect(course.documents).toEqual([{ name: 'tabs.pdf', url: expect.stringMatching(new RegExp(`^/api/v1/course/${course._id}/documents/[0-9a-f-]{36}\\.pdf$`)) }]);
    // The thumbnail served back as public media is the edge's (the gateway describe below).
    const doc = await fetch(at(course.documents[0].url), { headers: { authorization: `Bearer ${tokens.admin}` } });
    expect([doc.status, doc.headers.get('content-type'), doc.headers.get('content-disposition')]).toEqual([200, 'application/pdf', "attachment; filename*=UTF-8''tabs.pdf"]);
    expect(Buffer.from(await doc.arrayBuffer())).toEqual(PDF);
    expect((await fetch(at(course.documents[0].url))).status).toBe(401);
    const studentRead = await fetch(at(course.documents[0].url), { headers: { authorization: `Bearer ${tokens.student}` } });
    expect([studentRead.status, ((await studentRead.json()) as Json).message]).toEqual([403, 'Purchase the course First!!']);
    // Another course's id with this file's name finds nothing.
    const other = ((await request('GET', '/course/')).body.data as { _id: string }[])[0]!._id;
    const crossed = course.documents[0].url.replace(course._id, other);
    expect((await fetch(at(crossed), { headers: { authorization: `Bearer ${tokens.admin}` } })).status).toBe(404);
    const lessons = (await request('GET', `/course/secure-course/${course._id}`, undefined, tokens.admin)).body.data.lessons;
    expect(lessons.map((l: { originalname: string; status: string }) => [l.originalname, l.status])).toEqual([
      ['Tuning to open G', 'open'],
      ['second', 'paid'],
    ]);
    // Not for visitors until an admin publishes it.
    expect((await request('GET', `/course/${course._id}/`)).status).toBe(404);
  });

  it('refuses publishing, featuring and instructor writes to students and the content role (403), and every write to students', async () => {
    const course = ((await request('GET', '/course/adminallcourse', undefined, tokens.admin)).body.data as { _id: string; published: boolean }[]).find((c) => !c.published)!;
    for (const who of ['content', 'student']) {
      const token = tokens[who]!;
      expect((await request('GET', `/course/published/${course._id}`, undefined, token)).status).toBe(403);
      expect((await request('POST', '/course/featured/add/', { featured: [course._id] }, token)).status).toBe(403);
      expect((await request('GET', `/instructor/instructorpublish/${instructorId}`, undefined, token)).status).toBe(403);
      expect((await request('POST', '/instructor/featured/add/', { featured: [instructorId] }, token)).status).toBe(403);
      expect((await multipart('/instructor/add/', [['name', 'X']], token)).status).toBe(403);
      expect((await multipart(`/instructor/${instructorId}/`, [['band', 'X']], token)).status).toBe(403);
    }
    expect((await multipart('/course/add/', courseFields('Student course'), tokens.student!)).status).toBe(403);
    expect((await multipart(`/course/${course._id}/`, [['title', 'Hijacked']], tokens.student!)).status).toBe(403);
    expect((await multipart('/user/upcoming/', [['name', 'x']], tokens.student!)).status).toBe(403);
    const after = (await request('GET', '/course/adminallcourse', undefined, tokens.admin)).body.data.find((c: { _id: string }) => c._id === course._id);
    expect(after).toMatchObject({ published: false, featured: false });
  });

  it('refuses a .png that is really text and a PDF that is really an executable, keeping no file and no course', async () => {
    const files = storedFiles();
    const courses = await courseCount();
    const text = await multipart(
      '/course/add/',
      [...courseFields('Text as a picture'), ['thumbnail', Buffer.from('hello, I am only text'), 'thumb.png'], ['banner', png, 'b.png'], ['videos', clip, 'v.mp4']],
      tokens.admin!,
    );
    expect(text).toMatchObject({ status: 400, body: { message: 'Any of the field is not fillup or Failed to Upload!!!', reason: 'COURSE_ADD_FAILED', fieldReasons: { thumbnail: 'NOT_AN_IMAGE' } } });
    const exe = await multipart(
      '/course/add/',
      [...courseFields('Exe as a PDF'), ['thumbnail', png, 't.png'], ['banner', png, 'b.png'], ['documents', EXE, 'receipt.pdf'], ['videos', clip, 'v.mp4']],
      tokens.admin!,
    );
    expect(exe).toMatchObject({ status: 400, body: { fieldReasons: { documents: 'NOT_A_PDF' } } });
    const missing = await multipart('/course/add/', [...courseFields('No video'), ['thumbnail', png, 't.png'], ['banner', png, 'b.png']], tokens.admin!);
    expect(missing).toMatchObject({ status: 400, body: { fieldReasons: { videos: 'LESSON_VIDEO_REQUIRED' }, fields: { videos: 'At least one lesson video is required' } } });
    // A "video" learning refuses comes after the course and the images were stored: all of it is undone.
    const fake = await multipart(
      '/course/add/',
      [...courseFields('Fake video'), ['thumbnail', png, 't.png'], ['banner', png, 'b.png'], ['documents', PDF, 'd.pdf'], ['videos', clip, 'ok.mp4'], ['videos', Buffer.from('not a video '.repeat(500)), 'fake.mp4']],
      tokens.admin!,
    );
    expect(fake).toMatchObject({ status: 400, body: { message: 'Any of the field is not fillup or Failed to Upload!!!' } });
    expect(await courseCount()).toBe(courses);
    await waitFor(() => JSON.stringify(storedFiles()) === JSON.stringify(files), 'no file left in the files port', {
      context: () => {
        const now = storedFiles();
        return JSON.stringify({ added: now.filter((f) => !files.includes(f)), removed: files.filter((f) => !now.includes(f)) });
      },
    });
  });

  it('leaves no file and no course when the upload is cut off half-way', async () => {
    const files = storedFiles();
    const courses = await courseCount();
    await postCutOff(at('/api/v1/course/add/'), tokens.admin!, [...courseFields('Cut off'), ['thumbnail', png, 't.png', 'image/png']], {
      field: 'videos',
      filename: 'v.mp4',
      contentType: 'video/mp4',
      sentBytes: 2 * 1024 * 1024,
    });
    expect(await courseCount()).toBe(courses);
    expect(storedFiles()).toEqual(files);
  });

  it('serves a course file to a student once the course is theirs (an active enrolment), not before', async () => {
    const course = ((await request('GET', '/course/')).body.data as { _id: string }[])[1]!;
    const updated = await multipart(`/course/${course._id}/`, [['documents', PDF, 'chord chart.pdf']], tokens.admin!);
    expect(updated.status).toBe(200);
    const url = (updated.body.data.documents as { name: string; url: string }[]).find((d) => d.name === 'chord chart.pdf')!.url;
    const asStudent = () => fetch(at(url), { headers: { authorization: `Bearer ${tokens.student}` } });
    expect((await asStudent()).status).toBe(403);
    const secure = () => request('GET', `/course/secure-course/${course._id}`, undefined, tokens.student);
    expect((await secure()).body.data.fullAccess).toBe(false);

    const student = (await request('GET', '/user/me', undefined, tokens.student)).body.data._id as string;
    const code = `FILE${Date.now().toString(36).toUpperCase()}`;
    expect((await request('POST', '/cart/cupon', { cuponCode: code, discount: 100, useLimit: 1, expireDate: '2099-01-01' }, tokens.admin)).status).toBe(201);
    await request('POST', '/cart/remove_all', { user: student }, tokens.student);
    expect((await request('POST', '/cart/', { user: student, course: course._id, tier: 'silver' }, tokens.student)).status).toBe(200);
    const order = (await request('POST', '/order', { userId: student, amount: 0, cuponCode: code, useWallet: false }, tokens.student)).body.data;
    expect((await request('POST', `/cart/zero-cart/${student}/${order._id}`, { value_c: order._id }, tokens.student)).status).toBe(200);
    await waitFor(async () => (await secure()).body.data.fullAccess === true, 'the enrolment');
    const read = await asStudent();
    expect(read.status).toBe(200);
    expect(Buffer.from(await read.arrayBuffer())).toEqual(PDF);
  });

  it("updates only the fields sent ('Course Update Successfully!!!'), validity digits only, and free lessons need a title and a link", async () => {
    const course = ((await request('GET', '/course/adminallcourse', undefined, tokens.admin)).body.data as { _id: string; title: string }[]).find((c) => c.title === 'Slide guitar from zero')!;
    const ok = await multipart(`/course/${course._id}/`, [['title', 'Slide guitar, second edition'], ['priceDiamondValidity', '400'], ['documents', PDF, 'more.pdf']], tokens.content!);
    expect(ok).toMatchObject({ status: 200, body: { message: 'Course Update Successfully!!!', data: { title: 'Slide guitar, second edition', subtitle: 'Open tunings and a glass slide', priceDiamond: { validity: 400 } } } });
    expect(ok.body.data.documents).toHaveLength(2);
    const bad = await multipart(`/course/${course._id}/`, [['priceGoldValidity', '90 days']], tokens.content!);
    expect(bad).toMatchObject({ status: 400, body: { message: 'Course Update Failed!!!', reason: 'COURSE_UPDATE_FAILED', fieldReasons: { priceGoldValidity: 'ENTRY_DIGITS_ONLY' } } });
    expect(await request('POST', `/course/addfreevideos/${course._id}`, { title: 'Intro', path: '' }, tokens.content)).toMatchObject({ status: 400, body: { message: 'Please input title and link', reason: 'FREE_LESSON_MISSING', fieldReasons: { path: 'ENTRY_REQUIRED' } } });
    const free = await request('POST', `/course/addfreevideos/${course._id}`, { title: 'Intro', path: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }, tokens.content);
    expect(free).toMatchObject({ status: 200, body: { data: { freeLessons: [{ title: 'Intro', youtube: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }] } } });
  });

  it('stores a course description sanitised on add and on update: the public API answers clean HTML with its formatting', async () => {
    const hostile =
      '<h2>Open <em>tunings</em></h2><p onclick="alert(1)">Play <strong>slow</strong></p><script>window.pwned=1</script>' +
      '<a href="javascript:alert(1)">tab</a> <a href="https://example.com/tab">real tab</a><img src="x" onerror="alert(2)"><iframe src="https://evil.example"></iframe>';
    const fields = courseFields('Hostile description').map(([k, v]): [string, string] => [k, k === 'desc' ? hostile : v]);
    const added = await multipart('/course/add/', [...fields, ['thumbnail', png, 't.png'], ['banner', png, 'b.png'], ['videos', clip, 'one.mp4']], tokens.content!);
    expect(added.status).toBe(201);
    const id = added.body.data._id as string;
    expect((await request('GET', `/course/published/${id}`, undefined, tokens.admin)).status).toBe(200);
    // The detail and the cached list both answer the description; the list's cache is dropped by
    // the course's change event, so the two can differ for a moment after a write.
    const publicReads = async () => {
      const detail = (await request('GET', `/course/${id}/`)).body.data.desc as string;
      const listed = ((await request('GET', '/course/')).body.data as { _id: string; desc: string }[]).find((c) => c._id === id)?.desc;
      return { detail, listed };
    };
    const publicDesc = async () => {
      const { detail, listed } = await publicReads();
      expect(listed).toBe(detail);
      return detail;
    };
    await waitFor(async () => {
      const { detail, listed } = await publicReads();
      return listed !== undefined && listed === detail;
    }, 'the new course in the public list');
    const clean = await publicDesc();
    expect(clean).not.toMatch(/script|pwned|alert|onclick|onerror|javascript|iframe|evil/i);
    for (const kept of ['<h2>Open <em>tunings</em></h2>', '<p>Play <strong>slow</strong></p>', '<a href="https://example.com/tab" target="_blank" rel="noopener noreferrer">real tab</a>', '<img src="x" />']) {
      expect(clean).toContain(kept);
    }

    const updated = await multipart(`/course/${id}/`, [['desc', '<ul><li>Open G</li></ul><svg onload="alert(3)"></svg><a href=" JaVaScRiPt:alert(4)">x</a>']], tokens.content!);
    expect(updated.status).toBe(200);
    await waitFor(async () => {
      const { detail, listed } = await publicReads();
      return detail.startsWith('<ul>') && listed === detail;
    }, 'the updated description in both public reads');
    expect(await publicDesc()).toBe('<ul><li>Open G</li></ul><a target="_blank" rel="noopener noreferrer">x</a>');
  });

  it("lets the admin add, publish ('true') and update an instructor; lists every instructor for the back office", async () => {
    const missing = await multipart('/instructor/add/', [['name', 'Only a name']], tokens.admin!);
    expect(missing).toMatchObject({ status: 400, body: { message: 'Instructor Added Failed, Check you fillup all the field!!' } });
    const added = await multipart(
      '/instructor/add/',
      [['name', 'Rumana Akter'], ['band', 'Nodi'], ['percentage', '40'], ['bio', 'Bass player'], ['photo', png, 'p.png'], ['banner', png, 'b.png']],
      tokens.admin!,
    );
    expect(added).toMatchObject({ status: 201, body: { message: 'Instructor Added Successful!!', data: { name: 'Rumana Akter', published: false } } });
    const id = added.body.data._id;
    const list = (await request('GET', '/instructor/admin/instructorlist', undefined, tokens.content)).body.data as { _id: string }[];
    expect(list.map((i) => i._id)).toContain(id);
    expect((await request('GET', `/instructor/${id}/`)).status).toBe(404);
    expect(await request('GET', `/instructor/instructorpublish/${id}`, undefined, tokens.admin)).toMatchObject({ status: 200, body: { success: 'true', message: 'Instructor Published successfully!!' } });
    await waitFor(async () => (await request('GET', `/instructor/${id}/`)).status === 200, 'the published instructor visible');
    const updated = await multipart(`/instructor/${id}/`, [['band', 'Nodi Live']], tokens.admin!);
    expect(updated).toMatchObject({ status: 200, body: { message: 'Instructor Updated Successfully!', data: { name: 'Rumana Akter', band: 'Nodi Live' } } });
    // A new photo replaces the old one: the old files are deleted, the banner stays.
    const files = storedFiles();
    const photo = await multipart(`/instructor/${id}/`, [['photo', png, 'new.png']], tokens.admin!);
    expect(photo.body.data.photo).not.toBe(added.body.data.photo);
    expect(photo.body.data.banner).toBe(added.body.data.banner);
    expect(storedFiles().length).toBe(files.length);
    // The old photo no longer served as public media is the edge's (the gateway describe below).
  });

  it("adds an upcoming course ('Upcoming Course Added!!') that visitors see, and deletes it ('Course Deleted!!')", async () => {
    await request('GET', '/course/upcoming'); // cached now
    const files = storedFiles();
    const added = await multipart('/user/upcoming/', [['name', 'Tabla basics'], ['photo', png, 'p.png']], tokens.content!);
    expect(added).toMatchObject({ status: 201, body: { message: 'Upcoming Course Added!!', data: { name: 'Tabla basics' } } });
    const names = async () => ((await request('GET', '/course/upcoming')).body.data as { name: string }[]).map((c) => c.name);
    await waitFor(async () => (await names()).includes('Tabla basics'), 'the new upcoming course visible');
    expect(await multipart('/user/upcoming/', [['name', 'No photo']], tokens.content!)).toMatchObject({ status: 400, body: { message: 'Any of the field is not fillup!!!', reason: 'FIELDS_NOT_FILLED', fieldReasons: { photo: 'ENTRY_REQUIRED' } } });
    expect(await request('POST', '/course/upcomingdelete/', { id: added.body.data._id }, tokens.content)).toMatchObject({ status: 200, body: { message: 'Course Deleted!!' } });
    await waitFor(async () => !(await names()).includes('Tabla basics'), 'the deleted upcoming course gone');
    // Its picture and thumbnail are deleted with it.
    expect(storedFiles()).toEqual(files);
  });
});

describe("the catalogue's uploaded images served back through the gateway on the all-in-one process", () => {
  // Public media (`/api/v1/media/...`) is served by the edge only, from the files port.
  let dataDir: string;
  let taal: Awaited<ReturnType<typeof startAllInOne>>;
  let base: string;
  const tokens: Record<string, string> = {};
  const { request } = gatewayApi(() => base);
  const multipart = (p: string, parts: [string, string | Buffer, string?][], token: string) => multipartAt(() => base, p, parts, token);

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'taal-course-writes-'));
    taal = await startAllInOne({ PORT: '0', DATA_DIR: dataDir, HOST: '127.0.0.1' });
    base = `http://127.0.0.1:${taal.port}`;
    for (const [who, password] of [['admin', 'admin123'], ['content', 'content123']]) {
      tokens[who!] = (await request('POST', '/user/login/', { email: `${who}@taal.local`, password })).body.data.token;
    }
  }, 120_000);

  afterAll(async () => {
    await taal?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("serves an added course's thumbnail as a JPEG, and an instructor's replaced photo no more (404)", async () => {
    const png = await pngImage(64, 48);
    const instructorId = ((await request('GET', '/instructor/')).body.data as { _id: string }[])[0]!._id;
    const clip = makeClip(dataDir);
    const res = await multipart(
      '/course/add/',
      [...courseFieldsFor('Slide guitar from zero', instructorId), ['thumbnail', png, 'thumb.png'], ['banner', png, 'banner.png'], ['videos', clip, 'Lesson one.mp4']],
      tokens.content!,
    );
    expect(res.status).toBe(201);
    const course = res.body.data;
    expect(course.thumbnail).toMatch(/^\/api\/v1\/media\/images\/[0-9a-f-]{36}\.jpg$/);
    const thumb = await fetch(`${base}${course.thumbnail}`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');

    const added = await multipart(
      '/instructor/add/',
      [['name', 'Rumana Akter'], ['band', 'Nodi'], ['percentage', '40'], ['bio', 'Bass player'], ['photo', png, 'p.png'], ['banner', png, 'b.png']],
      tokens.admin!,
    );
    expect(added.status).toBe(201);
    expect((await fetch(`${base}${added.body.data.photo}`)).status).toBe(200);
    const photo = await multipart(`/instructor/${added.body.data._id}/`, [['photo', png, 'new.png']], tokens.admin!);
    expect(photo.body.data.photo).not.toBe(added.body.data.photo);
    expect((await fetch(`${base}${added.body.data.photo}`)).status).toBe(404);
    expect((await fetch(`${base}${photo.body.data.photo}`)).status).toBe(200);
  });
});
