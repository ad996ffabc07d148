import type { Response } from 'express';
import type { Logger } from 'pino';
import type { MessagingApi } from './client';

interface Listener {
  userId: string;
  res: Response;
}

/**
 * The live push of notifications (server-sent events, decision 0019). Each open page keeps one
 * `GET /notification/stream`; while at least one is open, this gateway instance asks messaging
 * for notifications created since the last one it saw (one call per interval, whatever the
 * number of pages) and tells each page whose user they concern: `event: notification`. The page
 * then reloads its list. Works the same with one gateway or many (each polls on its own).
 */
export class NotificationHub {
  private readonly listeners = new Set<Listener>();
  private timer: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private latest = -1;
  private polling = false;

  constructor(
    private readonly messaging: MessagingApi,
    private readonly logger: Logger,
    private readonly intervalMs = 500,
    private readonly heartbeatMs = 20_000,
  ) {}

  /** Starts an event stream on `res` for this user; it ends when the client goes away or the hub closes. */
  async attach(userId: string, res: Response): Promise<void> {
    if (this.latest < 0) await this.poll();
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();
    res.write('retry: 2000\nevent: ready\ndata: {}\n\n');
    const listener = { userId, res };
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
    this.timer ??= setInterval(() => void this.poll(), this.intervalMs);
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

  private async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      const { changes, latest } = await this.messaging.listNotificationChanges({ after: Math.max(this.latest, 0) });
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
