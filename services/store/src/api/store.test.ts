import { createMemoryCache } from '@taal/kit';
import { Refused, GuessLimiter } from '@taal/edge';
import { decodeDataUrl } from './categories';

describe('the category image sent as a data URL', () => {
  it('is decoded from base64, whatever its declared type (the upload check decides what it is)', () => {
    expect(decodeDataUrl('data:image/png;base64,aGVs bG8=')?.toString()).toBe('hello');
    expect(decodeDataUrl('data:image/svg+xml;charset=utf-8;base64,PHN2Zz4=')?.toString()).toBe('<svg>');
  });
  it('is refused when it is not a base64 data URL', () => {
    expect(decodeDataUrl('https://example.com/a.png')).toBeNull();
    expect(decodeDataUrl('data:image/png,plain')).toBeNull();
  });
});

describe('wrong gift-card codes', () => {
  const limits = { perUser: 3, perAddress: 5, windowSeconds: 60 };
  const guess = async (limiter: GuessLimiter, user: string, address: string) => limiter.begin(user, address);

  it('are limited per user, whatever the address', async () => {
    const limiter = new GuessLimiter(createMemoryCache(), limits, 'gift-card', 'TOO_MANY_GIFT_CARD_TRIES');
    for (let i = 0; i < 3; i++) await guess(limiter, 'u1', `10.0.0.${i}`);
    const refused = await guess(limiter, 'u1', '10.0.0.9').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Refused);
    expect(refused).toMatchObject({ status: 429 });
    // Another user is not affected.
    await expect(guess(limiter, 'u2', '10.0.0.9')).resolves.toBeDefined();
  });

  it('are limited per address across users', async () => {
    const limiter = new GuessLimiter(createMemoryCache(), limits, 'gift-card', 'TOO_MANY_GIFT_CARD_TRIES');
    for (let i = 0; i < 5; i++) await guess(limiter, `user-${i}`, '192.0.2.1');
    await expect(guess(limiter, 'user-9', '192.0.2.1')).rejects.toMatchObject({ status: 429 });
  });

  it('do not count a try that was not a wrong code', async () => {
    const limiter = new GuessLimiter(createMemoryCache(), limits, 'gift-card', 'TOO_MANY_GIFT_CARD_TRIES');
    for (let i = 0; i < 10; i++) await (await guess(limiter, 'u1', '192.0.2.2')).notAGuess();
    await expect(guess(limiter, 'u1', '192.0.2.2')).resolves.toBeDefined();
  });
});
