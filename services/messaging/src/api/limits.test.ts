import { createMemoryCache } from '@taal/kit';
import { Refused } from '@taal/edge';
import { DEFAULT_WRITE_LIMITS, messagingLimiters, WriteLimiter } from './limits';

const refusalOf = async (p: Promise<unknown>) => p.then(() => undefined, (err: unknown) => (err instanceof Refused ? err : Promise.reject(err)));

describe('limits on what a user writes (decision 0063)', () => {
  it('counts per user and per user and target; over either: 429 with Retry-After and the minutes, nothing written', async () => {
    const limiter = new WriteLimiter(createMemoryCache(), { perUser: 3, perTarget: 2, windowSeconds: 3600 }, 'question', 'TOO_MANY_QUESTIONS');
    const written: string[] = [];
    const write = (what: string) => async () => void written.push(what);
    await limiter.run('u1', 'c1', write('a'));
    await limiter.run('u1', 'c1', write('b'));
    const perTarget = await refusalOf(limiter.run('u1', 'c1', write('c')));
    expect(perTarget).toMatchObject({ status: 429, reason: 'TOO_MANY_QUESTIONS', params: { minutes: 60 }, headers: { 'Retry-After': '3600' } });
    expect(perTarget?.message).toBe('You have asked many questions in a short time. Please try again in 60 minutes.');
    // Another course: the per-user limit is left one.
    await limiter.run('u1', 'c2', write('d'));
    expect((await refusalOf(limiter.run('u1', 'c3', write('e'))))?.reason).toBe('TOO_MANY_QUESTIONS');
    // Another user is not held up.
    await limiter.run('u2', 'c1', write('f'));
    expect(written).toEqual(['a', 'b', 'd', 'f']);
  });

  it('gives the slots back when the write is refused, so only what is stored counts', async () => {
    const limiter = new WriteLimiter(createMemoryCache(), { perUser: 1, perTarget: 1, windowSeconds: 60 }, 'answer', 'TOO_MANY_ANSWERS');
    await expect(limiter.run('u1', 'q1', () => Promise.reject(new Error('not yours')))).rejects.toThrow('not yours');
    await expect(limiter.run('u1', 'q1', async () => 'stored')).resolves.toBe('stored');
    expect(await refusalOf(limiter.run('u1', 'q2', async () => 'x'))).toMatchObject({ reason: 'TOO_MANY_ANSWERS', params: { minutes: 1 } });
  });

  it('parallel writes cannot slip past', async () => {
    const limiter = new WriteLimiter(createMemoryCache(), { perUser: 100, perTarget: 5, windowSeconds: 60 }, 'review', 'TOO_MANY_REVIEWS');
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => limiter.run('u1', 'c1', async () => 'ok')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
  });

  it('reads its settings from the environment, with the defaults recorded in the decision', async () => {
    const defaults = messagingLimiters(createMemoryCache(), {});
    for (let i = 0; i < DEFAULT_WRITE_LIMITS.instructorMessage.perTarget; i++) await defaults.writes.instructorMessage.run('u1', 'i1', async () => i);
    expect((await refusalOf(defaults.writes.instructorMessage.run('u1', 'i1', async () => 0)))?.reason).toBe('TOO_MANY_INSTRUCTOR_MESSAGES');
    const raised = messagingLimiters(createMemoryCache(), { INSTRUCTOR_MESSAGE_MAX_PER_TARGET: '1', INSTRUCTOR_MESSAGE_WINDOW_MS: '120000' });
    await raised.writes.instructorMessage.run('u1', 'i1', async () => 0);
    expect(await refusalOf(raised.writes.instructorMessage.run('u1', 'i1', async () => 0))).toMatchObject({ reason: 'TOO_MANY_INSTRUCTOR_MESSAGES', headers: { 'Retry-After': '120' } });
    expect(() => messagingLimiters(createMemoryCache(), { QUESTION_MAX_PER_USER: '0' })).toThrow();
  });
});
