/**
 * Freebies and the landing popup on the catalogue running alone (issues 10 and 52, decision 0017):
 * who may write (admin and content on freebies, admin only on the popup, students never), the rich
 * text sanitised by the catalogue, files checked by content and stored through the one upload
 * mechanism, files released on edit and delete, no file left behind by a refused form, and
 * visitors' cached reads fresh after each write. The stored files served back as public media
 * (`/api/v1/media/...`) are the edge's: that part runs through the gateway on the all-in-one
 * process, in the last describe.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FreebieMessages, LANDING_POPUP_ID } from '@taal/contracts';
import { startAllInOne } from '@taal/launcher';
import { pngImage } from '../../../tools/testing/images';
import { startServiceAlone, type ServiceAlone } from '../../../tools/testing/service-alone';
import { demoFreebies } from './domain/demo-data';

type Json = { success: boolean; data?: any; message?: string; fields?: Record<string, string>; code?: string; reason?: string; fieldReasons?: Record<string, string> }; // eslint-disable-line @typescript-eslint/no-explicit-any

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(200, 1)]);
const RICH = '<p>Strum <strong>down</strong>.</p><script>window.__pwned = 1</script><img src="x" onerror="window.__pwned = 2"><p onclick="alert(1)">Up</p>';

/** Every file under a directory (recursively). */
function filesUnder(dir: string): string[] {
  let out: string[] = [];
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of names) {
    const full = path.join(dir, name);
    out = statSync(full).isDirectory() ? out.concat(filesUnder(full)) : out.concat(full);
  }
  return out;
}

/** A call to `${base(p)}/api/v1${p}`, with a bearer token and a form. */
const requestAt = async (base: (p: string) => string, method: string, p: string, token?: string, body?: FormData) => {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${base(p)}/api/v1${p}`, { method, headers, body });
  return { status: res.status, body: (await res.json()) as Json };
};
const form = (fields: Record<string, string>, files: [string, Buffer, string, string][] = []) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  for (const [field, bytes, name, type] of files) f.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  return f;
};
const freebie = (over: Record<string, string> = {}) => ({
  title: 'Strumming patterns',
  subtitle: 'Four patterns for every song',
  catagory: 'Guitar',
  description: RICH,
  youtube: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  ...over,
});
/** Signs the demo users in (on the service that serves /user/login/). */
const signIn = async (base: (p: string) => string, tokens: Record<string, string>, who: string[]) => {
  for (const name of who) {
    const login = await fetch(`${base('/user/login/')}/api/v1/user/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `${name}@taal.local`, password: `${name}123` }),
    });
    tokens[name] = ((await login.json()) as { data: { token: string } }).data.token;
  }
};

describe('freebies and the popup on the catalogue running alone', () => {
  let catalogue: ServiceAlone;
  const tokens: Record<string, string> = {};
  const mediaFiles = () => filesUnder(path.join(catalogue.dataDir, 'files', 'objects', 'media')).sort();

  // Each call to the service that serves it (sign-in: identity's own port).
  const request = (method: string, p: string, token?: string, body?: FormData) => requestAt((path) => catalogue.baseFor(path), method, p, token, body);
  const list = async () => (await request('GET', '/freebies/')).body.data as { _id: string; title: string }[];

  beforeAll(async () => {
    catalogue = await startServiceAlone('catalogue');
    await signIn((p) => catalogue.baseFor(p), tokens, ['admin', 'content', 'student', 'instructor']);
  }, 120_000);

  afterAll(async () => {
    await catalogue?.stop();
  });

  it('adds a freebie with a YouTube link, a PDF and sanitised rich text; visitors see it first at once', async () => {
    // The demo seed's freebies, newest first; read once so the list is cached before the write.
    expect((await list()).map((f: { _id: string }) => f._id)).toEqual(demoFreebies.map((f) => f.id));
    const added = await request('POST', '/freebies/add/', tokens.admin, form(freebie(), [['documents', PDF, 'chords.pdf', 'application/pdf']]));
    expect(added).toMatchObject({ status: 201, body: { success: true, message: FreebieMessages.created } });
    const created = added.body.data;
    expect(created.description).toBe('<p>Strum <strong>down</strong>.</p><img src="x" /><p>Up</p>');
    expect(created.documents).toEqual([{ path: expect.stringMatching(/^\/api\/v1\/media\/documents\/[0-9a-f-]{36}\.pdf$/), name: 'chords.pdf' }]);
    expect((await list())[0]).toMatchObject({ _id: created._id, title: 'Strumming patterns' });
    const detail = await request('GET', `/freebies/${created._id}`);
    expect(detail.body.data).toEqual(created);
    // The PDF served back as public media is the edge's (the gateway describe below).
  });

  it('lets the content role add, edit and delete; carousel images are re-encoded and released files deleted', async () => {
    const png = await pngImage(40, 30);
    const added = await request(
      'POST',
      '/freebies/add/',
      tokens.content,
      form(freebie({ title: 'Tuning FAQ', catagory: 'FAQ', youtube: '' }), [
        ['carouselList', png, 'a.png', 'image/png'],
        ['carouselList', png, 'b.png', 'image/png'],
        ['thumbnail', png, 't.png', 'image/png'],
      ]),
    );
    expect(added.status).toBe(201);
    const f = added.body.data;
    expect(f.carouselList).toHaveLength(2);
    expect(f.thumbnail).toMatch(/-thumb\.jpg$/);
    // The images served back as public media (JPEG; the released ones no more) are the edge's (the gateway describe below).
    expect((await list())[0]!._id).toBe(f._id);

    // Only the title changes; a new carousel replaces the old one, whose files are deleted.
    const edited = await request('PUT', `/freebies/edit/${f._id}`, tokens.content, form({ title: 'Tuning, answered', subtitle: '' }, [['carouselList', png, 'c.png', 'image/png']]));
    expect(edited).toMatchObject({ status: 200, body: { message: FreebieMessages.updated, data: { title: 'Tuning, answered', subtitle: f.subtitle, catagory: 'FAQ', thumbnail: f.thumbnail } } });
    expect(edited.body.data.carouselList).toHaveLength(1);
    expect((await request('GET', `/freebies/${f._id}`)).body.data.title).toBe('Tuning, answered');

    const before = mediaFiles().length;
    const deleted = await request('DELETE', `/freebies/${f._id}`, tokens.content);
    expect(deleted.status).toBe(200);
    expect((await request('GET', `/freebies/${f._id}`)).status).toBe(404);
    expect((await list()).some((x) => x._id === f._id)).toBe(false);
    // Thumbnail (2 sizes) and one carousel image (2 sizes) gone.
    expect(mediaFiles().length).toBe(before - 4);
    expect((await request('DELETE', `/freebies/${f._id}`, tokens.content)).status).toBe(404);
  });

  it("refuses a form without a YouTube link or carousel images, and files that are not what they claim, storing nothing", async () => {
    const before = mediaFiles();
    const missing = await request('POST', '/freebies/add/', tokens.admin, form(freebie({ youtube: '' }), [['documents', PDF, 'a.pdf', 'application/pdf']]));
    expect(missing).toMatchObject({ status: 400, body: { message: 'Any of the field is not fillup!!!', reason: 'FIELDS_NOT_FILLED', fieldReasons: { youtube: 'YOUTUBE_OR_IMAGES_REQUIRED' } } });
    const exe = await request('POST', '/freebies/add/', tokens.admin, form(freebie(), [['documents', EXE, 'setup.pdf', 'application/pdf']]));
    expect(exe).toMatchObject({ status: 400, body: { fieldReasons: { documents: 'NOT_A_PDF' } } });
    const text = await request('POST', '/freebies/add/', tokens.admin, form(freebie(), [['thumbnail', Buffer.from('just text, not a picture'), 'x.png', 'image/png']]));
    expect(text).toMatchObject({ status: 400, body: { fieldReasons: { thumbnail: 'NOT_AN_IMAGE' } } });
    // Refused by the catalogue after the files were stored: they are deleted again.
    const badLink = await request('POST', '/freebies/add/', tokens.admin, form(freebie({ youtube: 'https://evil.example/watch?v=dQw4w9WgXcQ' }), [['documents', PDF, 'a.pdf', 'application/pdf'], ['thumbnail', await pngImage(), 't.png', 'image/png']]));
    expect(badLink).toMatchObject({ status: 400, body: { reason: 'FIELDS_NOT_FILLED', fieldReasons: { youtube: 'YOUTUBE_LINK_INVALID' }, fields: { youtube: 'Must be a YouTube link' } } });
    const badCategory = await request('POST', '/freebies/add/', tokens.admin, form(freebie({ catagory: 'Banjo' })));
    expect(badCategory).toMatchObject({ status: 400, body: { fieldReasons: { catagory: 'INVALID_CATEGORY' } } });
    expect(mediaFiles()).toEqual(before);
    expect(before.length).toBeGreaterThan(0); // the directory watched is where uploads go
  });

  it('refuses freebie writes to students and instructors (403) and to visitors (401)', async () => {
    const [first] = await list();
    for (const who of ['student', 'instructor']) {
      expect((await request('POST', '/freebies/add/', tokens[who], form(freebie()))).status).toBe(403);
      expect((await request('PUT', `/freebies/edit/${first!._id}`, tokens[who], form({ title: 'hacked' }))).status).toBe(403);
      expect((await request('DELETE', `/freebies/${first!._id}`, tokens[who])).status).toBe(403);
    }
    expect((await request('POST', '/freebies/add/', undefined, form(freebie()))).status).toBe(401);
    expect((await request('GET', `/freebies/${first!._id}`)).body.data.title).toBe(first!.title);
  });

  it('lets only the admin change the landing popup; visitors read the change at once', async () => {
    const initial = await request('GET', `/popup/find/${LANDING_POPUP_ID}`);
    expect(initial).toMatchObject({ status: 200, body: { data: { _id: LANDING_POPUP_ID, show: false } } });
    expect(await request('GET', '/popup/find/00000000-0000-4000-8000-00000000dead')).toMatchObject({ status: 404, body: { message: 'Popup not found', code: 'POPUP_NOT_FOUND' } });

    const change = { title: 'Eid offer', body: 'Every course at half price this week', show: 'true' };
    expect((await request('POST', `/popup/${LANDING_POPUP_ID}`, tokens.content, form(change))).status).toBe(403);
    expect((await request('POST', `/popup/${LANDING_POPUP_ID}`, tokens.student, form(change))).status).toBe(403);
    expect(await request('POST', `/popup/${LANDING_POPUP_ID}`, tokens.admin, form({ ...change, title: '' }))).toMatchObject({
      status: 400,
      body: { message: 'Any of the field is not fillup!!!', reason: 'FIELDS_NOT_FILLED', fieldReasons: { title: 'ENTRY_REQUIRED' } },
    });

    const saved = await request('POST', `/popup/${LANDING_POPUP_ID}`, tokens.admin, form(change, [['thumbnail', await pngImage(20, 20), 'p.png', 'image/png']]));
    expect(saved).toMatchObject({ status: 200, body: { message: FreebieMessages.popupSaved, data: { title: 'Eid offer', show: true } } });
    expect((await request('GET', `/popup/find/${LANDING_POPUP_ID}`)).body.data).toMatchObject({ title: 'Eid offer', show: true, thumbnail: saved.body.data.thumbnail });

    // Switched off, the thumbnail kept.
    const off = await request('POST', `/popup/${LANDING_POPUP_ID}`, tokens.admin, form({ ...change, show: 'false' }));
    expect(off.body.data).toMatchObject({ show: false, thumbnail: saved.body.data.thumbnail });
    expect((await request('GET', `/popup/find/${LANDING_POPUP_ID}`)).body.data.show).toBe(false);
  });
});

describe("a freebie's files served back through the gateway on the all-in-one process", () => {
  // Public media (`/api/v1/media/...`) is served by the edge only, from the files port.
  let dataDir: string;
  let taal: Awaited<ReturnType<typeof startAllInOne>>;
  let base: string;
  const tokens: Record<string, string> = {};
  const request = (method: string, p: string, token?: string, body?: FormData) => requestAt(() => base, method, p, token, body);

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'taal-freebies-'));
    taal = await startAllInOne({ PORT: '0', DATA_DIR: dataDir, HOST: '127.0.0.1' });
    base = `http://127.0.0.1:${taal.port}`;
    await signIn(() => base, tokens, ['admin', 'content']);
  }, 120_000);

  afterAll(async () => {
    await taal?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the PDF and the re-encoded carousel images; a carousel image replaced on edit is no longer served', async () => {
    const added = await request('POST', '/freebies/add/', tokens.admin, form(freebie(), [['documents', PDF, 'chords.pdf', 'application/pdf']]));
    expect(added.status).toBe(201);
    const pdf = await fetch(`${base}${added.body.data.documents[0].path}`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer())).toEqual(PDF);

    const png = await pngImage(40, 30);
    const withImages = await request(
      'POST',
      '/freebies/add/',
      tokens.content,
      form(freebie({ title: 'Tuning FAQ', catagory: 'FAQ', youtube: '' }), [
        ['carouselList', png, 'a.png', 'image/png'],
        ['carouselList', png, 'b.png', 'image/png'],
        ['thumbnail', png, 't.png', 'image/png'],
      ]),
    );
    expect(withImages.status).toBe(201);
    const f = withImages.body.data;
    const image = await fetch(`${base}${f.carouselList[0]}`);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    const edited = await request('PUT', `/freebies/edit/${f._id}`, tokens.content, form({ title: 'Tuning, answered', subtitle: '' }, [['carouselList', png, 'c.png', 'image/png']]));
    expect(edited.status).toBe(200);
    expect((await fetch(`${base}${f.carouselList[0]}`)).status).toBe(404);
    expect((await fetch(`${base}${edited.body.data.carouselList[0]}`)).status).toBe(200);
  });
});
