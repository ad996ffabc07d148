import type { Response } from 'express';
import { status } from '@grpc/grpc-js';
import type { AccessTokenVerifier } from '@taal/edge';
import type { Logger } from 'pino';

/** Who a stream is for: the user, and the access token it was opened with (checked again while it is open). */
export interface StreamCaller {
  userId: string;
  accessToken: string;
}

interface Listener extends StreamCaller {
  res: Response;
}

/**
 * The live push of notifications (server-sent events, decision 0019). Each open page keeps one
 * `GET /notification/stream`; while at least one is open, this gateway instance asks messaging
 * for notifications created since the last one it saw (one call per interval, whatever the
 * number of pages) and tells each page whose user they concern: `event: notification`. The page
 * then reloads its list. Works the same with one gateway or many (each polls on its own).
 *
 * A stream lives only as long as the access token it was opened with would still be accepted
 * (issue 36): at each tick the token is checked again as a request's would be (decision 0024:
 * signature, expiry and a session identity has not revoked), and a stream whose token is refused
 * is ended. So logout, suspension and a password change (which end sessions) close their streams
 * within a tick of the revocation reaching this gateway: at once in all-in-one, within about a
 * second in a cluster (`identity.session.revoked`). The page opens a new stream with its current
 * token (after a refresh if need be), which a revoked session cannot do.
 */
export class NotificationHub {
  private readonly listeners = new Set<Listener>();
  private timer: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private latest = -1;
  private polling = false;
  private checking = false;

  constructor(
    /** The notifications changed after a sequence number (messaging's use case, called in this process). */
    private readonly changesAfter: (after: number) => Promise<{ changes: { userId: string }[]; latest: number }>,
    private readonly tokens: AccessTokenVerifier,
    private readonly logger: Logger,
    private readonly intervalMs = 500,
    private readonly heartbeatMs = 20_000,
  ) {}

  /**
   * Starts an event stream on `res` for this caller; it ends when the client goes away, when the
   * caller's token is no longer accepted (the session ended, the token expired) or the hub closes.
   */
  async attach({ userId, accessToken }: StreamCaller, res: Response): Promise<void> {
    if (this.latest < 0) await this.poll();
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();
    res.write('retry: 2000\nevent: ready\ndata: {}\n\n');
    const listener = { userId, accessToken, res };
    this.listeners.add(listener);
    res.on('close', () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.pause();
    });
    this.resume();
  }

  get size(): number {
    return this.listeners.size;
  }

  /** Ends every stream (the gateway is stopping: open streams would keep it from closing). */
  close(): void {
    this.pause();
    for (const { res } of this.listeners) res.end();
    this.listeners.clear();
  }

  private resume() {
    this.timer ??= setInterval(() => {
      void this.poll();
      void this.checkSessions();
    }, this.intervalMs);
    this.heartbeat ??= setInterval(() => {
      for (const { res } of this.listeners) res.write(': keep-alive\n\n');
    }, this.heartbeatMs);
    this.timer.unref();
    this.heartbeat.unref();
  }

  private pause() {
    clearInterval(this.timer);
    clearInterval(this.heartbeat);
    this.timer = undefined;
    this.heartbeat = undefined;
  }

  /**
   * Ends the streams whose token a request could no longer use. Keys that cannot be fetched are an
   * outage, not a dead token (a request would get 503): those streams stay open.
   */
  async checkSessions(): Promise<void> {
    if (this.checking) return;
    this.checking = true;
    try {
      await Promise.all(
        [...this.listeners].map(async (listener) => {
          try {
            await this.tokens.verifyAccessToken(listener.accessToken);
          } catch (err) {
            if ((err as { code?: unknown } | null)?.code === status.UNAVAILABLE) return;
            if (!this.listeners.delete(listener)) return;
            listener.res.end();
            if (this.listeners.size === 0) this.pause();
          }
        }),
      );
    } finally {
      this.checking = false;
    }
  }

  private async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      const { changes, latest } = await this.changesAfter(Math.max(this.latest, 0));
      if (this.latest >= 0) {
        const everyone = changes.some((c) => !c.userId);
        const users = new Set(changes.map((c) => c.userId));
        for (const { userId, res } of this.listeners) {
          if (everyone || users.has(userId)) res.write(`event: notification\ndata: ${JSON.stringify({ latest })}\n\n`);
        }
      }
      this.latest = Math.max(this.latest, latest);
    } catch (err) {
      this.logger.warn({ err }, 'notification changes unavailable');
    } finally {
      this.polling = false;
    }
  }
}
