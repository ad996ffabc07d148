/**
 * Messaging's own limits at the edge (decisions 0019 and 0063), declared by its API part
 * (`limiters`) and built by the edge on its shared counters with these settings from the gateway's
 * environment. Over a limit: 429 with Retry-After and a message in en and bn, and nothing is stored.
 *
 * - The public contact form, per client address and per sender e-mail.
 * - What a signed-in user writes (decision 0063): questions, answers, messages to instructors and
 *   their replies, reviews and replies to reviews, each per user and per user and target (the
 *   course, question, instructor, message or review the write is about).
 */
import { z } from 'zod';
import type { RefusalKey } from '@taal/contracts';
import { fields, loadConfig, type Cache, type Env } from '@taal/kit';
import { refusal, TargetLimiter, WindowCounter } from '@taal/edge';

export const DEFAULT_CONTACT_LIMITS = { perAddress: 10, perEmail: 5, windowSeconds: 60 * 60 };

export interface WriteLimits {
  /** Writes of this kind one user may make within the window, whatever they are about. */
  perUser: number;
  /** Writes of this kind one user may make about one target (a course, a question, ...) within the window. */
  perTarget: number;
  windowSeconds: number;
}

/** The writes a user makes, and their defaults per hour (decision 0063: a person writes a few an hour). */
export const DEFAULT_WRITE_LIMITS = {
  /** A student's questions: per user, and per user and course. */
  question: { perUser: 30, perTarget: 10, windowSeconds: 60 * 60 },
  /** An instructor's (or admin's) answers: per user, and per user and question. */
  answer: { perUser: 120, perTarget: 10, windowSeconds: 60 * 60 },
  /** A student's messages to instructors: per user, and per user and instructor. */
  instructorMessage: { perUser: 20, perTarget: 5, windowSeconds: 60 * 60 },
  /** Replies to students' messages: per user, and per user and message. */
  messageReply: { perUser: 120, perTarget: 5, windowSeconds: 60 * 60 },
  /** A student's reviews (each write or edit): per user, and per user and course. */
  review: { perUser: 30, perTarget: 10, windowSeconds: 60 * 60 },
  /** An instructor's replies to reviews: per user, and per user and review. */
  reviewReply: { perUser: 120, perTarget: 5, windowSeconds: 60 * 60 },
} as const satisfies Record<string, WriteLimits>;
export type WriteKind = keyof typeof DEFAULT_WRITE_LIMITS;

const REFUSALS: Record<WriteKind, RefusalKey> = {
  question: 'TOO_MANY_QUESTIONS',
  answer: 'TOO_MANY_ANSWERS',
  instructorMessage: 'TOO_MANY_INSTRUCTOR_MESSAGES',
  messageReply: 'TOO_MANY_REPLIES',
  review: 'TOO_MANY_REVIEWS',
  reviewReply: 'TOO_MANY_REVIEW_REPLIES',
};
/** Each kind's settings in the environment: `<PREFIX>_MAX_PER_USER`, `<PREFIX>_MAX_PER_TARGET`, `<PREFIX>_WINDOW_MS`. */
const ENV_PREFIX: Record<WriteKind, string> = {
  question: 'QUESTION',
  answer: 'ANSWER',
  instructorMessage: 'INSTRUCTOR_MESSAGE',
  messageReply: 'MESSAGE_REPLY',
  review: 'REVIEW',
  reviewReply: 'REVIEW_REPLY',
};

/**
 * One kind of write, counted per user and per user and target. Each write takes its slot in both
 * counters before it is made, so parallel writes cannot slip past; a write refused here, or
 * refused by the service afterwards (`run` rethrows after giving the slots back), is not counted.
 */
export class WriteLimiter {
  private readonly counter: WindowCounter;

  constructor(
    cache: Cache,
    private readonly limits: WriteLimits,
    private readonly kind: string,
    private readonly reason: RefusalKey,
  ) {
    this.counter = new WindowCounter(cache, limits.windowSeconds);
  }

  /** Makes `write` if `userId` is within both limits; otherwise throws 429 with Retry-After and the minutes to wait. */
  async run<T>(userId: string, target: string, write: () => Promise<T>): Promise<T> {
    const user = `write:${this.kind}:user:${userId}`;
    const about = `write:${this.kind}:target:${target}:user:${userId}`;
    const giveBack = async () => void (await Promise.all([this.counter.refund(user), this.counter.refund(about)]));
    const over = await this.counter.hitAll([
      [user, this.limits.perUser],
      [about, this.limits.perTarget],
    ]);
    if (over) {
      await giveBack();
      const seconds = await this.counter.retryAfter(over);
      throw refusal(this.reason, { params: { minutes: Math.max(1, Math.ceil(seconds / 60)) }, headers: { 'Retry-After': String(seconds) } });
    }
    try {
      return await write();
    } catch (err) {
      await giveBack();
      throw err;
    }
  }
}

export type WriteLimiters = Record<WriteKind, WriteLimiter>;

const limitsSchema = z.object({
  CONTACT_MAX_PER_ADDRESS: fields.int({ min: 1, max: 100_000, default: DEFAULT_CONTACT_LIMITS.perAddress }),
  CONTACT_MAX_PER_EMAIL: fields.int({ min: 1, max: 100_000, default: DEFAULT_CONTACT_LIMITS.perEmail }),
  CONTACT_WINDOW_MS: fields.durationMs(DEFAULT_CONTACT_LIMITS.windowSeconds * 1000),
  ...Object.fromEntries(
    (Object.keys(DEFAULT_WRITE_LIMITS) as WriteKind[]).flatMap((kind) => {
      const d = DEFAULT_WRITE_LIMITS[kind];
      const p = ENV_PREFIX[kind];
      return [
        [`${p}_MAX_PER_USER`, fields.int({ min: 1, max: 1_000_000, default: d.perUser })],
        [`${p}_MAX_PER_TARGET`, fields.int({ min: 1, max: 1_000_000, default: d.perTarget })],
        [`${p}_WINDOW_MS`, fields.durationMs(d.windowSeconds * 1000)],
      ];
    }),
  ),
});

export interface MessagingLimiters {
  /** `hit('message', email, clientAddress)` before a contact message is stored. */
  contact: TargetLimiter;
  /** `writes.<kind>.run(userId, target, write)` around each write a signed-in user makes. */
  writes: WriteLimiters;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export function messagingLimiters(counters: Cache, env: Env): MessagingLimiters {
  const c = loadConfig(limitsSchema, env) as Record<string, number>;
  const limits = { perTarget: c.CONTACT_MAX_PER_EMAIL!, perAddress: c.CONTACT_MAX_PER_ADDRESS!, windowSeconds: seconds(c.CONTACT_WINDOW_MS!) };
  const writes = Object.fromEntries(
    (Object.keys(DEFAULT_WRITE_LIMITS) as WriteKind[]).map((kind) => {
      const p = ENV_PREFIX[kind];
      const set = { perUser: c[`${p}_MAX_PER_USER`]!, perTarget: c[`${p}_MAX_PER_TARGET`]!, windowSeconds: seconds(c[`${p}_WINDOW_MS`]!) };
      return [kind, new WriteLimiter(counters, set, kind, REFUSALS[kind])];
    }),
  ) as WriteLimiters;
  return { contact: new TargetLimiter(counters, limits, 'contact', 'TOO_MANY_MESSAGES'), writes };
}
