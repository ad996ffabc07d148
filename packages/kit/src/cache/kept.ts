/**
 * Remembers what `look` answers for each key for `keepMs`: another service's slowly changing facts
 * (a course's title and instructor) asked once a minute instead of on every event or request. A
 * null answer (no such thing yet) is not kept, since it may be created any moment; concurrent asks
 * for one key share one call; a failed call is not kept either. At most `maxEntries` keys are
 * held: past that, expired ones go first, then the oldest. The answer's type is `look`'s: a look
 * that never answers null gives a lookup that never does.
 */
export function keptFor<K, V>(keepMs: number, look: (key: K) => Promise<V>, maxEntries = 10_000): (key: K) => Promise<V> {
  const kept = new Map<K, { value: Promise<V>; until: number }>();
  const makeRoom = () => {
    const now = Date.now();
    for (const [key, entry] of kept) if (entry.until <= now) kept.delete(key);
    for (const key of kept.keys()) {
      if (kept.size < maxEntries) break;
      kept.delete(key);
    }
  };
  return (key) => {
    const known = kept.get(key);
    if (known && known.until > Date.now()) return known.value;
    if (kept.size >= maxEntries) makeRoom();
    const value = look(key);
    const entry = { value, until: Date.now() + keepMs };
    kept.set(key, entry);
    // Forget a miss or a failure once it is known, so the next ask looks again.
    const forget = () => kept.get(key) === entry && kept.delete(key);
    value.then((v) => v === null && forget(), forget);
    return value;
  };
}
