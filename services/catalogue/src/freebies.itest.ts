import { randomUUID } from 'node:crypto';
import { CatalogueEvents, freebiesV1, LANDING_POPUP_ID, refusalText } from '@taal/contracts';
import { callUnary, createClient, createLogger, createTestAuth, type CallerIdentity, type EventEnvelope } from '@taal/kit';
import { backends, type Backend } from '../../../tools/testing/backends';
import { waitFor } from '../../../tools/testing/wait';
import { startCatalogue, type RunningCatalogue } from './service';
import { useCaseCalls, useCaseMethods } from './testing/use-case-calls';

const ADMIN: CallerIdentity = { userId: 'admin-1', userType: 1 };
const CONTENT: CallerIdentity = { userId: 'content-1', userType: 2 };
const INSTRUCTOR: CallerIdentity = { userId: 'instructor-1', userType: 3 };
const STUDENT: CallerIdentity = { userId: 'student-1', userType: 4 };
const logger = createLogger('freebies-test');
const auth = createTestAuth(['gateway', 'catalogue']);

const requests: Record<string, { fromPartial(o: object): object }> = {
  listFreebies: freebiesV1.ListFreebiesRequest,
  getFreebie: freebiesV1.GetFreebieRequest,
  createFreebie: freebiesV1.CreateFreebieRequest,
  updateFreebie: freebiesV1.UpdateFreebieRequest,
  deleteFreebie: freebiesV1.DeleteFreebieRequest,
  getPopup: freebiesV1.GetPopupRequest,
  updatePopup: freebiesV1.UpdatePopupRequest,
};

const newFreebie = (over: Partial<freebiesV1.CreateFreebieRequest> = {}): Partial<freebiesV1.CreateFreebieRequest> => ({
  id: randomUUID(),
  title: 'Open chords',
  subtitle: 'The first five chords every guitarist learns',
  category: 'Guitar',
  description: '<p>Learn <strong>G</strong></p><script>window.pwned = 1</script><img src="/api/v1/files/images/x.jpg" onerror="window.pwned=1">',
  youtube: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  documents: [{ path: '/api/v1/files/documents/chords.pdf', name: 'chords.pdf' }],
  ...over,
});

describe.each(backends)('freebies and the popup on %s infrastructure', (_name, makeBackend) => {
  let backend: Backend;
  let catalogue: RunningCatalogue;
  let client: freebiesV1.FreebieServiceClient;

  // Its routes' use cases now (issue 52), called as those routes call them; getFreebie (the gateway's
  // page records ask it) still over gRPC.
  const useCase = useCaseCalls(() => catalogue.useCases);
  const call = async <Res>(method: string, request: object, identity?: CallerIdentity) =>
    useCaseMethods.has(method)
      ? useCase<Res>(method, request, identity)
      : callUnary<object, Res>(client, method, requests[method]!.fromPartial(request), {
          deadlineMs: 5000,
          userToken: identity ? await auth.userToken(identity) : undefined,
        });

  beforeAll(async () => {
    backend = await makeBackend();
    catalogue = await startCatalogue({
      sql: backend.sql,
      bus: backend.bus,
      logger,
      host: '127.0.0.1',
      port: 0,
      seedDemoData: false,
      auth: auth.serviceAuth('catalogue'),
    });
    client = createClient(freebiesV1.FreebieServiceClient, `127.0.0.1:${catalogue.port}`, {
      auth: { issuer: auth.serviceAuth('gateway').issuer, audience: 'catalogue' },
    });
  });

  afterAll(async () => {
    client?.close();
    await catalogue?.stop();
    await backend?.close();
  });

  it('lets the admin and the content role add freebies, sanitised, listed newest first, and announces each', async () => {
    const received: EventEnvelope[] = [];
    const subscription = await backend.bus.subscribe(`freebies-test-${Date.now()}`, [CatalogueEvents.freebieUpdated], async (e) => {
      received.push(e);
    });
    try {
      const first = await call<freebiesV1.CreateFreebieResponse>('createFreebie', newFreebie(), ADMIN);
      const second = await call<freebiesV1.CreateFreebieResponse>(
        'createFreebie',
        newFreebie({ title: 'FAQ: tuning', category: 'FAQ', youtube: '', documents: [], carouselImages: ['/api/v1/files/images/a.jpg', '/api/v1/files/images/b.jpg'] }),
        CONTENT,
      );
      const stored = first.freebie!;
      expect(stored.description).toBe('<p>Learn <strong>G</strong></p><img src="/api/v1/files/images/x.jpg" />');
      expect(stored.documents).toEqual([{ path: '/api/v1/files/documents/chords.pdf', name: 'chords.pdf' }]);

      const { freebies } = await call<freebiesV1.ListFreebiesResponse>('listFreebies', {});
      expect(freebies.map((f) => f.id).slice(0, 2)).toEqual([second.freebie!.id, stored.id]);
      const { freebie } = await call<freebiesV1.GetFreebieResponse>('getFreebie', { id: stored.id });
      expect(freebie).toEqual(stored);

      await waitFor(() => received.some((e) => e.key === second.freebie!.id), 'the catalogue.freebie.updated event');
      const event = received.find((e) => e.key === stored.id)!;
      expect(freebiesV1.FreebieChanged.decode(event.payload).freebie?.title).toBe('Open chords');
    } finally {
      await subscription.stop();
    }
  });

  it("refuses a freebie without a YouTube link or carousel images: 'Any of the field is not fillup!!!' with the fields", async () => {
    const before = (await call<freebiesV1.ListFreebiesResponse>('listFreebies', {})).freebies.length;
    const refused = call('createFreebie', newFreebie({ youtube: '', carouselImages: [] }), ADMIN);
    await expect(refused).rejects.toMatchObject({ code: 3, details: refusalText('FIELDS_NOT_FILLED') });
    const err = (await refused.catch((e: unknown) => e)) as { metadata: { get(k: string): unknown[] } };
    expect(JSON.parse(String(err.metadata.get('x-taal-fields')[0]))).toHaveProperty('youtube');
    await expect(call('createFreebie', newFreebie({ youtube: 'https://evil.example/watch?v=dQw4w9WgXcQ' }), ADMIN)).rejects.toMatchObject({ code: 3 });
    await expect(call('createFreebie', newFreebie({ category: 'Banjo' }), ADMIN)).rejects.toMatchObject({ code: 3 });
    await expect(call('createFreebie', newFreebie({ description: '<script>alert(1)</script>' }), ADMIN)).rejects.toMatchObject({ code: 3 });
    await expect(call('createFreebie', newFreebie({ thumbnail: 'https://evil.example/x.jpg' }), ADMIN)).rejects.toMatchObject({ code: 3 });
    expect((await call<freebiesV1.ListFreebiesResponse>('listFreebies', {})).freebies).toHaveLength(before);
  });

  it('creates one freebie for a retried call with the same id', async () => {
    const request = newFreebie();
    const a = await call<freebiesV1.CreateFreebieResponse>('createFreebie', request, ADMIN);
    const b = await call<freebiesV1.CreateFreebieResponse>('createFreebie', request, ADMIN);
    expect(b.freebie).toEqual(a.freebie);
    const { freebies } = await call<freebiesV1.ListFreebiesResponse>('listFreebies', {});
    expect(freebies.filter((f) => f.id === request.id)).toHaveLength(1);
  });

  it('edits only the fields sent, re-sanitises the description, and names the files no longer used', async () => {
    const { freebie: created } = await call<freebiesV1.CreateFreebieResponse>('createFreebie', newFreebie({ thumbnail: '/api/v1/files/images/t1.jpg' }), ADMIN);
    const edited = await call<freebiesV1.UpdateFreebieResponse>(
      'updateFreebie',
      { id: created!.id, title: 'Open chords, again', description: '<p onclick="x()">New <a href="javascript:alert(1)">text</a></p>', thumbnail: '/api/v1/files/images/t2.jpg' },
      CONTENT,
    );
    expect(edited.freebie).toMatchObject({
      title: 'Open chords, again',
      subtitle: created!.subtitle,
      category: 'Guitar',
      description: '<p>New <a target="_blank" rel="noopener noreferrer">text</a></p>',
      youtube: created!.youtube,
      documents: created!.documents,
      thumbnail: '/api/v1/files/images/t2.jpg',
    });
    expect(edited.releasedFiles).toEqual(['/api/v1/files/images/t1.jpg']);

    // Documents replaced by an empty list; carousel images given, then the link removed.
    const second = await call<freebiesV1.UpdateFreebieResponse>(
      'updateFreebie',
      { id: created!.id, documents: { items: [] }, carouselImages: { items: ['/api/v1/files/images/c.jpg'] }, youtube: '' },
      ADMIN,
    );
    expect(second.freebie).toMatchObject({ documents: [], carouselImages: ['/api/v1/files/images/c.jpg'], youtube: '' });
    expect(second.releasedFiles).toEqual(['/api/v1/files/documents/chords.pdf']);
    // Taking the carousel away too would leave neither.
    await expect(call('updateFreebie', { id: created!.id, carouselImages: { items: [] } }, ADMIN)).rejects.toMatchObject({
      code: 3,
      details: refusalText('FIELDS_NOT_FILLED'),
    });
    await expect(call('updateFreebie', { id: randomUUID(), title: 'x' }, ADMIN)).rejects.toMatchObject({ code: 5 });
  });

  it('deletes a freebie, announces it and hands back its files', async () => {
    const { freebie } = await call<freebiesV1.CreateFreebieResponse>('createFreebie', newFreebie({ thumbnail: '/api/v1/files/images/t.jpg' }), CONTENT);
    const received: EventEnvelope[] = [];
    const subscription = await backend.bus.subscribe(`freebies-del-${Date.now()}`, [CatalogueEvents.freebieDeleted], async (e) => {
      received.push(e);
    });
    try {
      const deleted = await call<freebiesV1.DeleteFreebieResponse>('deleteFreebie', { id: freebie!.id }, CONTENT);
      expect(deleted.releasedFiles.sort()).toEqual(['/api/v1/files/documents/chords.pdf', '/api/v1/files/images/t.jpg']);
      await expect(call('getFreebie', { id: freebie!.id })).rejects.toMatchObject({ code: 5, details: refusalText('FREEBIE_NOT_FOUND') });
      await expect(call('deleteFreebie', { id: freebie!.id }, CONTENT)).rejects.toMatchObject({ code: 5 });
      await waitFor(() => received.some((e) => e.key === freebie!.id), 'the catalogue.freebie.deleted event');
    } finally {
      await subscription.stop();
    }
  });

  it('refuses freebie writes to students, instructors and callers without a user', async () => {
    const { freebie } = await call<freebiesV1.CreateFreebieResponse>('createFreebie', newFreebie(), ADMIN);
    for (const who of [STUDENT, INSTRUCTOR]) {
      await expect(call('createFreebie', newFreebie(), who)).rejects.toMatchObject({ code: 7 });
      await expect(call('updateFreebie', { id: freebie!.id, title: 'hacked' }, who)).rejects.toMatchObject({ code: 7 });
      await expect(call('deleteFreebie', { id: freebie!.id }, who)).rejects.toMatchObject({ code: 7 });
    }
    await expect(call('createFreebie', newFreebie())).rejects.toMatchObject({ code: 16 });
    expect((await call<freebiesV1.GetFreebieResponse>('getFreebie', { id: freebie!.id })).freebie?.title).toBe('Open chords');
  });

  it('keeps one landing popup, off at first; only the admin changes it, and each change is announced', async () => {
    const { popup } = await call<freebiesV1.GetPopupResponse>('getPopup', { id: LANDING_POPUP_ID });
    expect(popup).toMatchObject({ id: LANDING_POPUP_ID, show: false });
    await expect(call('getPopup', { id: randomUUID() })).rejects.toMatchObject({ code: 5 });

    const change = { id: LANDING_POPUP_ID, title: 'Eid sale', body: 'Every course half price', thumbnail: '/api/v1/files/images/p1.jpg', show: true };
    for (const who of [CONTENT, STUDENT]) await expect(call('updatePopup', change, who)).rejects.toMatchObject({ code: 7 });
    await expect(call('updatePopup', { ...change, title: ' ' }, ADMIN)).rejects.toMatchObject({ code: 3, details: refusalText('FIELDS_NOT_FILLED') });

    const received: EventEnvelope[] = [];
    const subscription = await backend.bus.subscribe(`popup-test-${Date.now()}`, [CatalogueEvents.popupUpdated], async (e) => {
      received.push(e);
    });
    try {
      const first = await call<freebiesV1.UpdatePopupResponse>('updatePopup', change, ADMIN);
      expect(first.popup).toMatchObject({ title: 'Eid sale', body: 'Every course half price', show: true, thumbnail: '/api/v1/files/images/p1.jpg' });
      expect(first.releasedFiles).toEqual([]);
      // No new thumbnail keeps the stored one; a new one releases the old.
      const kept = await call<freebiesV1.UpdatePopupResponse>('updatePopup', { ...change, thumbnail: '', show: false }, ADMIN);
      expect(kept.popup).toMatchObject({ thumbnail: '/api/v1/files/images/p1.jpg', show: false });
      const replaced = await call<freebiesV1.UpdatePopupResponse>('updatePopup', { ...change, thumbnail: '/api/v1/files/images/p2.jpg' }, ADMIN);
      expect(replaced.releasedFiles).toEqual(['/api/v1/files/images/p1.jpg']);
      expect((await call<freebiesV1.GetPopupResponse>('getPopup', { id: LANDING_POPUP_ID })).popup).toMatchObject({ show: true, thumbnail: '/api/v1/files/images/p2.jpg' });
      await waitFor(() => received.length >= 3, 'three catalogue.popup.updated events');
    } finally {
      await subscription.stop();
    }
  });
});
