/**
 * kafkajs 2.2.4 (the last release) re-arms a timer every millisecond on every broker connection
 * once a response has arrived, for as long as the connection lives: `scheduleCheckPendingRequests`
 * sets a timeout of `throttledUntil - now`, negative when nothing is throttled, even with no
 * request waiting (upstream issues tulios/kafkajs#1556 and #1704, fix proposed in #1667 and #1768,
 * not released). Each service holds several connections, so an idle cluster spent about a tenth of
 * this machine's two cores in these timers (issue 25's third pass, decision 0024).
 *
 * `fixKafkajsRequestQueue` replaces that method with the upstream fix: a check is scheduled only
 * while a request waits (for the throttle's end, or the usual 10 ms) or a throttle is still to end.
 * Requests are still sent at once when they may be, and when an in-flight one is answered.
 */
import { createRequire } from 'node:module';

interface RequestQueueInternals {
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  pending: unknown[];
  checkPendingRequests(): void;
  scheduleCheckPendingRequests(): void;
}

/** kafkajs's own interval for a waiting request when no throttle says how long (requestQueue/index.js). */
const CHECK_PENDING_REQUESTS_INTERVAL_MS = 10;

const load = createRequire(__filename);
export const KafkaRequestQueue = load('kafkajs/src/network/requestQueue') as { prototype: RequestQueueInternals; new (options: object): RequestQueueInternals };

let fixed = false;

export function fixKafkajsRequestQueue(): void {
  if (fixed) return;
  fixed = true;
  KafkaRequestQueue.prototype.scheduleCheckPendingRequests = function scheduleCheckPendingRequests(this: RequestQueueInternals) {
    if (this.throttleCheckTimeoutId) return; // one is scheduled; it schedules the next if needed
    const untilUnthrottled = this.throttledUntil - Date.now();
    let delay: number;
    if (this.pending.length > 0) delay = untilUnthrottled > 0 ? untilUnthrottled : CHECK_PENDING_REQUESTS_INTERVAL_MS;
    else if (untilUnthrottled > 0) delay = untilUnthrottled;
    else return; // nothing waits and nothing is throttled: no timer
    this.throttleCheckTimeoutId = setTimeout(() => {
      this.throttleCheckTimeoutId = null;
      this.checkPendingRequests();
    }, delay);
  };
}
