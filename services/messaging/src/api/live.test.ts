import { EventEmitter } from 'node:events';
import type { Response } from 'express';
import { createLogger, refuse, RevokedSessionError, type CallerIdentity } from '@taal/kit';
import type { AccessTokenVerifier } from '@taal/edge';
import { NotificationHub } from './live';

/** The part of an Express response a stream uses, recording what was written and whether it ended. */
class FakeStream extends EventEmitter {
  written = '';
  ended = false;
  status() {
    return this;
  }
  setHeader() {}
  flushHeaders() {}
  write(chunk: string) {
    this.written += chunk;
    return true;
  }
  end() {
    this.ended = true;
    this.emit('close');
  }
}

/** Tokens as identity's verifier sees them: each accepted until its session is revoked (or the keys are out of reach). */
class Tokens implements AccessTokenVerifier {
  readonly refused = new Map<string, Error>();
  async verifyAccessToken(token: string): Promise<CallerIdentity> {
    const err = this.refused.get(token);
    if (err) throw err;
    return { userId: token.split(':')[0]!, userType: 4 };
  }
}

const noChanges = async () => ({ changes: [], latest: 0 });

describe('the live notification stream', () => {
  let tokens: Tokens;
  let hub: NotificationHub;
  const open = async (userId: string, accessToken: string) => {
    const res = new FakeStream();
    await hub.attach({ userId, accessToken }, res as unknown as Response);
    return res;
  };

  beforeEach(() => {
    tokens = new Tokens();
    // Ticks are driven by hand (checkSessions) in these tests.
    hub = new NotificationHub(noChanges, tokens, createLogger('live-test'), 3_600_000, 3_600_000);
  });
  afterEach(() => hub.close());

  it('ends the streams of a revoked session (logout, a password change: the other sessions) and keeps the rest', async () => {
    const loggedOut = await open('rina', 'rina:phone');
    const kept = await open('rina', 'rina:laptop');
    const other = await open('mita', 'mita:phone');
    expect(loggedOut.written).toContain('event: ready');
    await hub.checkSessions();
    expect([loggedOut.ended, kept.ended, other.ended]).toEqual([false, false, false]);

    tokens.refused.set('rina:phone', new RevokedSessionError('logout'));
    await hub.checkSessions();
    expect([loggedOut.ended, kept.ended, other.ended]).toEqual([true, false, false]);
    expect(hub.size).toBe(2);
  });

  it('ends every stream of a suspended user, and one whose token expired', async () => {
    const phone = await open('rina', 'rina:phone');
    const laptop = await open('rina', 'rina:laptop');
    const expired = await open('mita', 'mita:old');
    tokens.refused.set('rina:phone', new RevokedSessionError('suspended'));
    tokens.refused.set('rina:laptop', new RevokedSessionError('suspended'));
    tokens.refused.set('mita:old', refuse('INVALID_TOKEN'));
    await hub.checkSessions();
    expect([phone.ended, laptop.ended, expired.ended]).toEqual([true, true, true]);
    expect(hub.size).toBe(0);
  });

  it("keeps the streams open while identity's keys cannot be fetched (an outage, not a dead token)", async () => {
    const stream = await open('rina', 'rina:phone');
    tokens.refused.set('rina:phone', refuse('SERVICE_UNAVAILABLE'));
    await hub.checkSessions();
    expect(stream.ended).toBe(false);
    expect(hub.size).toBe(1);
  });
});
