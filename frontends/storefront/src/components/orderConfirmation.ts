// The gateway sends the browser back before (or after) its notice reaches us: the course and
// gift-card return pages ask every second for ~15 s whether the order is paid.
import { useEffect, useState } from 'react';

const POLL_EVERY_MS = 1000;
const POLL_FOR_MS = 15_000;

/** 'unknown': the order is not among the caller's (issue 55): no thanks for an order that is not theirs. */
export type Confirmation = 'confirming' | 'paid' | 'slow' | 'unknown';

/**
 * Asks `isPaid` every POLL_EVERY_MS until it answers true ('paid') or POLL_FOR_MS have passed
 * ('slow'); a failed ask is retried until then. `isPaid` null: nothing to ask ('slow' at once);
 * 'wait': not yet known whether there is (stays 'confirming'). The polling restarts when `key` changes.
 */
export function useOrderConfirmation(key: string, isPaid: (() => Promise<boolean | 'unknown'>) | null | 'wait'): Confirmation {
  const [state, setState] = useState<Confirmation>(isPaid === null ? 'slow' : 'confirming');
  const mode = isPaid === null ? 'none' : isPaid === 'wait' ? 'wait' : 'ask';
  useEffect(() => {
    if (isPaid === 'wait') return;
    if (isPaid === null) {
      setState('slow');
      return;
    }
    let live = true;
    let timer: number | undefined;
    const deadline = Date.now() + POLL_FOR_MS;
    const poll = async () => {
      try {
        const paid = await isPaid();
        if (!live) return;
        if (paid === 'unknown') return setState('unknown');
        if (paid) return setState('paid');
      } catch (err) {
        console.error('order confirmation lookup failed', err);
      }
      if (!live) return;
      if (Date.now() >= deadline) setState('slow');
      else timer = window.setTimeout(() => void poll(), POLL_EVERY_MS);
    };
    void poll();
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
    // `isPaid` is keyed by `key`: a new closure with the same key is the same question.
  }, [key, mode]);
  return state;
}
