import type { Request, Response } from 'express';
import { createMemoryCache } from '@taal/kit';
import { Refused } from './errors';
import { PublicReadLimiter, SERVER_READ_HEADER, type PublicReadLimits } from './read-limit';
import { isMalformedUrl } from './url-check';

describe('PublicReadLimiter (decision 0038)', () => {
  const limits: PublicReadLimits = { search: 2, reads: 3, documents: 2, windowSeconds: 60, refusalDelayMs: 0 };
  const setup = (over: Partial<PublicReadLimits> = {}) => {
    let now = 1_000_000;
    const cache = createMemoryCache({ now: () => now });
    const incr = jest.spyOn(cache, 'incr');
    const limiter = new PublicReadLimiter(cache, { ...limits, ...over }, () => now);
    return { limiter, incr, advance: (ms: number) => (now += ms) };
  };
  const refusalOf = (p: Promise<void>) => p.then(() => null, (err: unknown) => err as Refused);

  it('lets a client make its searches, then refuses 429 with Retry-After until the window ends; another client and the other kind are counted apart', async () => {
    const { limiter, advance } = setup();
    await limiter.hit('search', 'a');
    await limiter.hit('search', 'a');
    advance(20_000);
    const refused = await refusalOf(limiter.hit('search', 'a'));
    expect(refused).toBeInstanceOf(Refused);
    expect([refused!.status, refused!.reason, refused!.headers, refused!.params]).toEqual([429, 'TOO_MANY_SEARCHES', { 'Retry-After': '40' }, { seconds: 40 }]);
    await limiter.hit('search', 'b');
    await limiter.hit('reads', 'a');
    advance(40_000);
    await limiter.hit('search', 'a');
  });

  it('refuses a client known to be over its limit without asking the cache again, until its window ends', async () => {
    const { limiter, incr, advance } = setup();
    for (let i = 0; i < 3; i++) await limiter.hit('reads', 'a');
    expect((await refusalOf(limiter.hit('reads', 'a')))?.reason).toBe('TOO_MANY_READS');
    const asked = incr.mock.calls.length;
    for (let i = 0; i < 5; i++) expect((await refusalOf(limiter.hit('reads', 'a')))?.reason).toBe('TOO_MANY_READS');
    expect(incr.mock.calls.length).toBe(asked);
    advance(61_000);
    await limiter.hit('reads', 'a');
  });

  it('holds a refusal back for refusalDelayMs before it is sent; 0 is no limit', async () => {
    jest.useFakeTimers();
    try {
      const { limiter } = setup({ search: 1, refusalDelayMs: 1000 });
      await limiter.hit('search', 'a');
      let settled = false;
      const refused = refusalOf(limiter.hit('search', 'a')).finally(() => (settled = true));
      await jest.advanceTimersByTimeAsync(999);
      expect(settled).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      expect((await refused)?.reason).toBe('TOO_MANY_SEARCHES');
    } finally {
      jest.useRealTimers();
    }
    const { limiter } = setup({ search: 0 });
    for (let i = 0; i < 100; i++) await limiter.hit('search', 'a');
  });
});

describe('PublicReadLimiter.admit (decision 0065)', () => {
  it('answers one user’s documents one at a time, in order, while another user’s and other kinds are not held back; a refusal takes no turn', async () => {
    const limiter = new PublicReadLimiter(createMemoryCache(), { search: 2, reads: 3, documents: 2, windowSeconds: 60, refusalDelayMs: 0 });
    const answered: string[] = [];
    const admit = (kind: 'documents' | 'reads', client: string, name: string) =>
      limiter.admit(kind, client).then((giveBack) => {
        answered.push(name);
        return giveBack;
      });
    const first = await admit('documents', 'user:a', 'a1');
    const second = admit('documents', 'user:a', 'a2');
    const other = await admit('documents', 'user:b', 'b1');
    const read = await admit('reads', 'user:a', 'read');
    // Over user a's documents budget (2): refused at once, not queued behind a1.
    await expect(limiter.admit('documents', 'user:a')).rejects.toMatchObject({ status: 429, reason: 'TOO_MANY_DOCUMENT_REQUESTS' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(answered).toEqual(['a1', 'b1', 'read']);
    first();
    (await second)();
    other();
    read();
    expect(answered).toEqual(['a1', 'b1', 'read', 'a2']);
  });
});

describe('PublicReadLimiter.clientOf (decision 0065)', () => {
  const tokens = { verifyAccessToken: async (token: string) => (token === 'good' ? { userId: 'u-1', userType: 4 as const } : Promise.reject(new Error('bad token'))) };
  const limiter = new PublicReadLimiter(createMemoryCache(), undefined, Date.now, tokens);
  const request = (headers: Record<string, string>) => ({ ip: '198.51.100.7', socket: {}, get: (name: string) => headers[name.toLowerCase()] }) as unknown as Request;
  const response = (caller?: object) => ({ locals: caller ? { caller } : {} }) as unknown as Response;

  it('is the signed-in caller’s account, a verified token’s account, else the address (a token that does not verify, or none)', async () => {
    expect(await limiter.clientOf(request({}), response({ userId: 'u-2' }))).toBe('user:u-2');
    expect(await limiter.clientOf(request({ authorization: 'Bearer good' }), response())).toBe('user:u-1');
    expect(await limiter.clientOf(request({ 'auth-token': 'good' }), response())).toBe('user:u-1');
    expect(await limiter.clientOf(request({ authorization: 'Bearer forged' }), response())).toBe('198.51.100.7');
    expect(await limiter.clientOf(request({}), response())).toBe('198.51.100.7');
    // Without a verifier every client is its address.
    expect(await new PublicReadLimiter(createMemoryCache()).clientOf(request({ authorization: 'Bearer good' }), response())).toBe('198.51.100.7');
  });

  it('tells the server’s own reads (decision 0070) only by this process’s key: absent, guessed or another process’s key is a visitor’s read', () => {
    const other = new PublicReadLimiter(createMemoryCache());
    expect(limiter.serverReadKey).not.toBe(other.serverReadKey);
    expect(limiter.serverReadKey.length).toBeGreaterThanOrEqual(32);
    expect(limiter.isServerRead(request({ [SERVER_READ_HEADER]: limiter.serverReadKey }))).toBe(true);
    expect(limiter.isServerRead(request({}))).toBe(false);
    expect(limiter.isServerRead(request({ [SERVER_READ_HEADER]: 'guess' }))).toBe(false);
    expect(limiter.isServerRead(request({ [SERVER_READ_HEADER]: other.serverReadKey }))).toBe(false);
  });
});

describe('isMalformedUrl', () => {
  it.each(['/api/v1/mass-mail/unsubscribe/%00', '/a?q=%00', '/a?x%00=1', '/a/%FF', '/a?q=%C3%28', '/a?q=%ED%A0%80', '/a?q=100%', '/a?q=%E0%A6', '/a/\u00ff', '/a?q=a b'])('refuses %j', (url) => {
    expect(isMalformedUrl(url)).toBe(true);
  });

  it.each(['/api/v1/course/', '/api/v1/search?q=%E0%A6%97%E0%A6%BF', '/a?q=100%25', '/a?q=guitar+chords', '/a/%2F?x=%26&y=', '/'])('accepts %j', (url) => {
    expect(isMalformedUrl(url)).toBe(false);
  });
});
