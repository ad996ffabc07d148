import { createKafkaEventBus } from './kafka';
import { KafkaRequestQueue, fixKafkajsRequestQueue } from './kafkajs-request-queue';

const logger = { debug: () => {}, warn: () => {}, info: () => {}, error: () => {} };
const newQueue = () => new KafkaRequestQueue({ maxInFlightRequests: 1, requestTimeout: 30_000, clientId: 'test', broker: 'b:9092', logger });
type Queue = ReturnType<typeof newQueue> & { fulfillRequest(r: { correlationId: number; payload: Buffer; size: number }): void };

describe('kafkajs request queue timers (kafkajs#1556)', () => {
  // First, before any test applies the fix itself: making a bus (it connects lazily) applies it.
  it('is applied by every Kafka event bus', () => {
    const original = KafkaRequestQueue.prototype.scheduleCheckPendingRequests;
    createKafkaEventBus({ brokers: ['127.0.0.1:1'], clientId: 'test' });
    expect(KafkaRequestQueue.prototype.scheduleCheckPendingRequests).not.toBe(original);
  });

  // The original re-arms a 1 ms timer after every answer, for ever, with nothing waiting.
  it('arms no timer after an answer when no request waits and nothing is throttled', () => {
    fixKafkajsRequestQueue();
    const queue = newQueue() as Queue;
    queue.fulfillRequest({ correlationId: 1, payload: Buffer.alloc(0), size: 0 });
    expect(queue.throttleCheckTimeoutId).toBeNull();
  });

  it('still sends a request that waits for a throttle, when the throttle ends', () => {
    fixKafkajsRequestQueue();
    jest.useFakeTimers();
    try {
      const queue = newQueue() as Queue;
      let sent = 0;
      queue.throttledUntil = Date.now() + 50;
      queue.pending.push({ correlationId: 7, expectResponse: true, send: () => sent++ });
      queue.scheduleCheckPendingRequests();
      jest.advanceTimersByTime(49);
      expect(sent).toBe(0);
      jest.advanceTimersByTime(1);
      expect(sent).toBe(1);
      expect(queue.pending).toHaveLength(0);
      expect(queue.throttleCheckTimeoutId).toBeNull(); // and no timer after it
    } finally {
      jest.useRealTimers();
    }
  });
});
