/** What messaging's document stores share: times as RFC 3339, the duplicate-key error, the lists' bound. */
export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : '');
export const isDuplicateKey = (err: unknown) => (err as { code?: unknown } | null)?.code === 11000;

/** Newest first everywhere; lists are bounded (the back office shows recent ones). */
export const LIST_LIMIT = 500;
