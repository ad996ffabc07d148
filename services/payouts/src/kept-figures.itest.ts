/**
 * The kept figures equal a full recount (issue 51 item 3, decision 0083), on both infrastructures:
 * after a burst of paid orders, each delivered twice, with parallel settlements between them, and
 * after a restart of payouts that is sent the same orders again beside new ones (events arrive at
 * least once). The recount is the sums over every sale and payout, as the screens read them before.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { CommerceEvents, commerceEventsV1 } from '@taal/contracts';
import { startCatalogue, type RunningCatalogue } from '@taal/catalogue';
import { createDiskFileStore, createEnvelope, createLogger, createTestAuth, type CallerIdentity, type EventEnvelope } from '@taal/kit';
import { demoCourses } from '../../catalogue/src/domain/demo-data';
import { backends, type Backend } from '../../../tools/testing/backends';
import { waitFor } from '../../../tools/testing/wait';
import { startPayouts, type RunningPayouts } from './service';
import { useCaseCalls } from './testing/use-case-calls';

const ADMIN: CallerIdentity = { userId: 'admin-1', userType: 1 };
const logger = createLogger('payouts-kept-figures-test');
const auth = createTestAuth(['gateway', 'catalogue', 'payouts']);
const published = demoCourses.filter((c) => c.published);

const paidEvent = (order: commerceEventsV1.OrderPaid) =>
  createEnvelope({ type: CommerceEvents.orderPaid, key: order.userId, payload: commerceEventsV1.OrderPaid.encode(order).finish() });

/** `n` paid orders of one to three courses on days spread over two years, each delivered twice. */
function burst(n: number): { events: EventEnvelope[]; lines: number } {
  const events: EventEnvelope[] = [];
  let lines = 0;
  for (let i = 0; i < n; i++) {
    const picks = [...published].sort(() => Math.random() - 0.5).slice(0, 1 + Math.floor(Math.random() * 3));
    const courses = picks.map((c) => {
      const price = 1 + Math.floor(Math.random() * 3_000_000);
      return { courseId: c.id, tier: 'gold', validityDays: 90, price, pricePaid: price - Math.floor(price / 10) };
    });
    lines += courses.length;
    const paidAt = new Date(Date.UTC(2024, 0, 1) + Math.floor(Math.random() * 730 * 86_400_000)).toISOString();
    const event = paidEvent(commerceEventsV1.OrderPaid.fromPartial({ orderId: randomUUID(), userId: `buyer-${i % 17}`, paidAt, courses }));
    events.push(event, event);
  }
  return { events, lines };
}

describe.each(backends)('kept figures on %s infrastructure', (_name, makeBackend) => {
  let backend: Backend;
  let catalogue: RunningCatalogue;
  let payouts: RunningPayouts | undefined;
  const filesDir = mkdtempSync(path.join(os.tmpdir(), 'taal-kept-figures-'));

  const start = async () => {
    payouts = await startPayouts({
      sql: backend.sql, bus: backend.bus, files: createDiskFileStore(filesDir), logger, host: '127.0.0.1', port: 0,
      auth: auth.serviceAuth('payouts'), catalogueAddress: `127.0.0.1:${catalogue.port}`,
    });
  };
  const stop = async () => {
    await payouts?.stop();
  };
  // As the admin's route settles a due: payouts' use case, in its process (issue 52).
  const settleDue = (instructorId: string, amount: number) => useCaseCalls(payouts!.useCases)('settleDue', { instructorId, amount }, ADMIN);
  const saleCount = async () => Number((await backend.sql.query<{ n: string }>('SELECT count(*) AS n FROM payouts.sale')).rows[0]!.n);

  /** Every kept figure beside its recount from the sales and payouts; equal when both lists are. */
  const keptAndRecounted = async () => {
    const q = async (text: string) => (await backend.sql.query(text)).rows.map((r) => JSON.stringify(r));
    const sums = (count: string) =>
      `${count}::int AS sale_count, sum(amount_paid)::bigint AS amount_paid, sum(gateway_cut)::bigint AS gateway_cut, sum(received_amount)::bigint AS received_amount, ` +
      'sum(instructor_earning)::bigint AS earnings, sum(product_cut)::bigint AS product_cut';
    const kept = 'sale_count, amount_paid, gateway_cut, received_amount, earnings, product_cut';
    return {
      kept: {
        days: await q(`SELECT paid_day::text, order_count, ${kept} FROM payouts.day_totals ORDER BY paid_day`),
        courseDays: await q(`SELECT course_id, paid_day::text, instructor_id, ${kept} FROM payouts.sale_day ORDER BY 1, 2, 3`),
        courses: await q(`SELECT course_id, course_title, instructor_id, ${kept} FROM payouts.course_totals ORDER BY course_id`),
        accounts: await q(`SELECT instructor_id, ${kept}, settled FROM payouts.instructor_account WHERE sale_count > 0 ORDER BY instructor_id`),
      },
      recounted: {
        days: await q(`SELECT paid_day::text, count(DISTINCT order_id)::int AS order_count, ${sums('count(*)')} FROM payouts.sale GROUP BY paid_day ORDER BY paid_day`),
        courseDays: await q(`SELECT course_id, paid_day::text, instructor_id, ${sums('count(*)')} FROM payouts.sale GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`),
        courses: await q(`SELECT course_id, max(course_title) AS course_title, max(instructor_id) AS instructor_id, ${sums('count(*)')} FROM payouts.sale GROUP BY course_id ORDER BY course_id`),
        accounts: await q(
          `SELECT s.instructor_id, ${sums('count(*)')}, (SELECT coalesce(sum(amount), 0) FROM payouts.payout p WHERE p.instructor_id = s.instructor_id)::bigint AS settled
             FROM payouts.sale s GROUP BY s.instructor_id ORDER BY s.instructor_id`,
        ),
      },
    };
  };

  beforeAll(async () => {
    backend = await makeBackend();
    catalogue = await startCatalogue({ sql: backend.sql, bus: backend.bus, logger, host: '127.0.0.1', port: 0, seedDemoData: true, auth: auth.serviceAuth('catalogue') });
    await start();
  }, 120_000);

  afterAll(async () => {
    await stop();
    await catalogue?.stop();
    await backend?.close();
    rmSync(filesDir, { recursive: true, force: true });
  });

  it('equal a recount after a burst of orders delivered twice with settlements between, and after a restart sent them again', async () => {
    const before = await saleCount();
    const first = burst(120);
    // Half the burst, settlements of part of each due in parallel, then the rest.
    await backend.bus.publish(first.events.slice(0, 120));
    await waitFor(async () => (await saleCount()) > before, 'the first sales');
    const instructors = [...new Set(published.map((c) => c.instructorId))];
    await Promise.allSettled(instructors.flatMap((id) => [settleDue(id, 1_000), settleDue(id, 2_500)]));
    await backend.bus.publish(first.events.slice(120));
    await waitFor(async () => (await saleCount()) === before + first.lines, 'every sale of the burst', { timeoutMs: 60_000 });
    const once = await keptAndRecounted();
    expect(once.kept).toEqual(once.recounted);
    expect(once.kept.days.length).toBeGreaterThan(50);

    // Payouts stops; the same orders come again beside new ones, and it starts over the same database.
    await stop();
    const second = burst(40);
    await backend.bus.publish([...first.events.slice(0, 60), ...second.events]);
    await start();
    await waitFor(async () => (await saleCount()) === before + first.lines + second.lines, 'the new sales after the restart', { timeoutMs: 60_000 });
    // The replayed ones have had their turn too: let the consumer pass them.
    await new Promise((r) => setTimeout(r, 2_000));
    const after = await keptAndRecounted();
    expect(after.kept).toEqual(after.recounted);
    expect(await saleCount()).toBe(before + first.lines + second.lines);
  }, 180_000);
});
