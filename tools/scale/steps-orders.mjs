/**
 * The scale seed's SQL for what students buy (decision 0082): commerce's orders, items, wallet
 * ledger and wallets; the store's gift cards (the wallets' money); learning's enrolments, progress
 * and certificates; payouts' sales, their rollups, buyers and settlements; the catalogue's sold and
 * rating figures. Rows a service derives from others (wallet balances, rollups, figures) are
 * aggregated from the rows seeded before them, so they equal a recount.
 */
import { exprs, uid } from './shape.mjs';

export function orderSteps(s) {
  const e = exprs(s);
  const O = s.orders;
  const students = `generate_series(${e.firstStudent + 1}, ${s.users}) AS g`;
  const order = `SELECT o, ${e.studentUser('o')} AS u, ${e.course1('o')} AS c1, ${e.course2('o')} AS c2, ${e.twoItems('o')} AS two,
                        ${e.status('o')} AS status, ${e.voucher('o')} AS voucher, ${e.orderAt('o')} AS at FROM generate_series(1, ${O}) AS o`;
  const paidItems = `SELECT o, u, at, item.pos, item.c FROM (${order}) x
                       CROSS JOIN LATERAL (VALUES (1, c1), (2, c2)) AS item(pos, c) WHERE (item.pos = 1 OR two)`;
  return [
    {
      service: 'store',
      name: 'gift cards (category, products, orders, cards)',
      rows: s.students,
      sql: `INSERT INTO store.category (id, name, description) VALUES (${uid('8', 1)}, 'Scale gift cards', 'Gift cards of the scale seed') ON CONFLICT DO NOTHING;
            INSERT INTO store.product (id, name, param, price, old_price, value, validity, description)
              SELECT ${uid('8', '10 + n')}, 'Gift card ' || n, 'scale-gift-' || n, 50000 * n, 50000 * n, 50000 * n, '1 year', 'A gift card for the wallet'
                FROM generate_series(1, 3) AS n ON CONFLICT DO NOTHING;
            INSERT INTO store.store_order (id, user_id, user_name, user_email, for_myself, shipping_name, shipping_email, product_id,
                item_name, item_price, item_value, quantity, total_price, status, store_amount, tran_id, paid_at, created_at)
              SELECT ${uid('6', 'g')}, ${uid('a', 'g - 1')}, 'Student ' || (g - 1), 'student' || (g - 1) || '@scale.taal.local', false,
                     'Student ' || g, 'student' || g || '@scale.taal.local', ${uid('8', 11)}, 'Gift card', ${e.credit}, ${e.credit}, 1, ${e.credit},
                     'paid', ${e.credit}, 'SCALE' || g, ${e.userAt('g')} + interval '30 minutes', ${e.userAt('g')} + interval '20 minutes'
                FROM ${students};
            INSERT INTO store.gift_card (id, order_id, code_hash, sender_name, purchased_by, receiver_name, receiver_email, receiver_phone,
                product_name, value, price, valid_from, valid_to, used, used_at, used_by, created_at)
              SELECT ${uid('9', 'g')}, ${uid('6', 'g')}, md5('scale-gift-' || g), 'Student ' || (g - 1), ${uid('a', 'g - 1')}, 'Student ' || g,
                     'student' || g || '@scale.taal.local', '01' || lpad((700000000 + g)::text, 9, '0'), 'Gift card', ${e.credit}, ${e.credit},
                     ${e.userAt('g')}, ${e.userAt('g')} + interval '365 days', true, ${e.userAt('g')} + interval '50 minutes', ${uid('a', 'g')},
                     ${e.userAt('g')} + interval '30 minutes'
                FROM ${students}`,
    },
    {
      service: 'commerce',
      name: 'orders',
      rows: O,
      sql: `INSERT INTO commerce.purchase_order (id, user_id, status, subtotal, voucher_code, voucher_percent, discount, wallet_used, payable,
              created_at, expires_at, paid_at, buyer_email, buyer_name, buyer_language)
            SELECT ${uid('d', 'o')}, ${uid('a', 'u')}, status, p1 + p2, CASE WHEN voucher THEN 'SCALE10' END, CASE WHEN voucher THEN 10 ELSE 0 END,
                   d, ${e.walletUsed('p1 + p2 - d')}, p1 + p2 - d - ${e.walletUsed('p1 + p2 - d')}, at,
                   -- An unpaid order is still within its time to pay: commerce's expiry job would release an
                   -- overdue one's reservation (making its wallet) while this seed writes the wallets.
                   CASE WHEN status = 'unpaid' THEN greatest(at, now()) ELSE at END + interval '1 day',
                   CASE WHEN status = 'paid' THEN at + interval '2 minutes' END, 'student' || u || '@scale.taal.local', 'Student ' || u, 'en'
              FROM (SELECT x.*, ${e.price('c1')} AS p1, CASE WHEN two THEN ${e.price('c2')} ELSE 0 END AS p2,
                           CASE WHEN voucher THEN ${e.price('c1')} / 10 + CASE WHEN two THEN ${e.price('c2')} / 10 ELSE 0 END ELSE 0 END AS d
                      FROM (${order}) x) y;
            -- The voucher every tenth order used, counting its paid ones (still valid: a student may check it at the cart).
            INSERT INTO commerce.voucher (id, code, code_key, percent, use_limit, times_used, expire_date)
              SELECT ${uid('4', 1)}, 'SCALE10', 'SCALE10', 10, ${O + 1_000_000}, count(*), date '2999-12-31'
                FROM commerce.purchase_order WHERE id LIKE 'd5ca1e00-%' AND voucher_code = 'SCALE10' AND status = 'paid'
              ON CONFLICT DO NOTHING`,
    },
    {
      service: 'commerce',
      name: 'order items',
      rows: Math.round(O * 1.33),
      sql: `INSERT INTO commerce.order_item (order_id, position, course_id, tier, title, price, validity_days, price_paid, instructor_id,
              instructor_percentage, sale_terms_known)
            SELECT ${uid('d', 'o')}, pos, ${uid('c', 'c')}, 'silver', 'Course ' || c, ${e.price('c')}, 180,
                   ${e.price('c')} - CASE WHEN voucher THEN ${e.price('c')} / 10 ELSE 0 END, ${uid('b', e.instructorOf('c'))}, 60, true
              FROM (${order}) x CROSS JOIN LATERAL (VALUES (1, c1), (2, c2)) AS item(pos, c) WHERE item.pos = 1 OR two`,
    },
    {
      service: 'commerce',
      name: 'ledger entries and wallets',
      rows: s.students + Math.round(O * 2.8),
      // A redeemed gift card per student, then each order's reservation, its release (paid or expired)
      // and its checkout (paid), as the wallet checkout posts them; each wallet (first: the entries name
      // it) holds their sum.
      sql: `INSERT INTO commerce.wallet (user_id, balance)
              SELECT ${uid('a', 'g')}, ${e.credit} - coalesce(spent, 0)
                FROM ${students}
                LEFT JOIN (SELECT user_id, sum(wallet_used) AS spent FROM commerce.purchase_order
                            WHERE id LIKE 'd5ca1e00-%' AND status IN ('paid', 'unpaid') GROUP BY user_id) x ON x.user_id = ${uid('a', 'g')};
            INSERT INTO commerce.ledger_entry (user_id, kind, amount, reference, flow, detail, created_at)
              SELECT ${uid('a', 'g')}, 'gift_card_redemption', ${e.credit}, 'gift-card:' || ${uid('9', 'g')}, 'gift-card', 'Gift card',
                     ${e.userAt('g')} + interval '50 minutes'
                FROM ${students};
            INSERT INTO commerce.ledger_entry (user_id, kind, amount, order_id, created_at)
              SELECT po.user_id, v.kind, v.amount, po.id, v.at
                FROM commerce.purchase_order po
                CROSS JOIN LATERAL (VALUES ('reservation', -po.wallet_used, po.created_at), ('release', po.wallet_used, coalesce(po.paid_at, po.expires_at)),
                                           ('checkout', -po.wallet_used, po.paid_at)) AS v(kind, amount, at)
               WHERE po.id LIKE 'd5ca1e00-%' AND po.wallet_used > 0
                 AND (v.kind = 'reservation' OR (v.kind = 'release' AND po.status IN ('paid', 'expired')) OR (v.kind = 'checkout' AND po.status = 'paid'))`,
    },
    {
      service: 'learning',
      name: 'enrolments, progress, certificates',
      rows: Math.round(O * 1.15 + O * 0.86),
      sql: `INSERT INTO learning.enrolment (user_id, course_id, tier, expires_at, first_order_id, created_at, updated_at)
              SELECT ${uid('a', 'u')}, ${uid('c', 'c')}, 'silver', at + interval '180 days', ${uid('d', 'o')}, at, at
                FROM (${paidItems}) p ON CONFLICT DO NOTHING;
            INSERT INTO learning.grant_applied (order_id, course_id, applied_at)
              SELECT ${uid('d', 'o')}, ${uid('c', 'c')}, at FROM (${paidItems}) p;
            INSERT INTO learning.progress (user_id, lesson_id, position_seconds, completed, practice_seconds, updated_at)
              SELECT ${uid('a', 'u')}, ${uid('e', `(c1 - 1) * 5 + l`)}, 60 * l, l < 3, 300 * l, at + l * interval '1 day'
                FROM (${order}) x, generate_series(1, 4) AS l WHERE status = 'paid' AND o % 4 = 0;
            INSERT INTO learning.certificate (id, user_id, course_id, user_name, user_email, course_name, status, requested_at, provided_at)
              SELECT ${uid('7', 'o')}, ${uid('a', 'u')}, ${uid('c', 'c1')}, 'Student ' || u, 'student' || u || '@scale.taal.local', 'Course ' || c1,
                     CASE WHEN o % 100 = 0 THEN 'provided' ELSE 'pending' END, at + interval '30 days',
                     CASE WHEN o % 100 = 0 THEN at + interval '32 days' END
                FROM (${order}) x WHERE status = 'paid' AND o % 50 = 0`,
    },
    ...payoutSteps(s, e, paidItems, students),
  ];
}

function payoutSteps(s, e, paidItems, students) {
  const sum = 'count(*), sum(amount_paid), sum(gateway_cut), sum(received_amount), sum(instructor_earning), sum(product_cut)';
  return [
    {
      service: 'payouts',
      name: 'sales, rollups, buyers, settlements',
      rows: Math.round(s.orders * 1.15),
      sql: `INSERT INTO payouts.sale (id, order_id, course_id, course_title, instructor_id, user_id, voucher_code, voucher_percent, course_price,
              amount_paid, gateway_cut, received_amount, instructor_percentage, instructor_earning, product_cut, paid_at, paid_day)
              SELECT ${uid('f', 'o * 2 + pos')}, ${uid('d', 'o')}, ${uid('c', 'c')}, 'Course ' || c, ${uid('b', e.instructorOf('c'))}, ${uid('a', 'u')},
                     CASE WHEN v THEN 'SCALE10' ELSE '' END, CASE WHEN v THEN 10 ELSE 0 END, price, paid, paid * 2 / 100, paid - paid * 2 / 100, 60,
                     (paid - paid * 2 / 100) * 60 / 100, (paid - paid * 2 / 100) - (paid - paid * 2 / 100) * 60 / 100,
                     at + interval '2 minutes', ${e.bdDay("at + interval '2 minutes'")}
                FROM (SELECT p.*, ${e.voucher('o')} AS v, ${e.price('c')} AS price,
                             ${e.price('c')} - CASE WHEN ${e.voucher('o')} THEN ${e.price('c')} / 10 ELSE 0 END AS paid FROM (${paidItems}) p) y;
            INSERT INTO payouts.sale_day (course_id, paid_day, instructor_id, sale_count, amount_paid, gateway_cut, received_amount, earnings, product_cut)
              SELECT course_id, paid_day, instructor_id, ${sum} FROM payouts.sale WHERE id LIKE 'f5ca1e00-%' GROUP BY course_id, paid_day, instructor_id;
            INSERT INTO payouts.course_totals (course_id, course_title, instructor_id, sale_count, amount_paid, gateway_cut, received_amount, earnings, product_cut)
              SELECT course_id, min(course_title), min(instructor_id), ${sum} FROM payouts.sale WHERE id LIKE 'f5ca1e00-%' GROUP BY course_id;
            INSERT INTO payouts.day_totals (paid_day, order_count, sale_count, amount_paid, gateway_cut, received_amount, earnings, product_cut)
              SELECT paid_day, count(DISTINCT order_id), ${sum} FROM payouts.sale WHERE id LIKE 'f5ca1e00-%' GROUP BY paid_day
              ON CONFLICT (paid_day) DO UPDATE SET order_count = day_totals.order_count + excluded.order_count, sale_count = day_totals.sale_count + excluded.sale_count,
                amount_paid = day_totals.amount_paid + excluded.amount_paid, gateway_cut = day_totals.gateway_cut + excluded.gateway_cut,
                received_amount = day_totals.received_amount + excluded.received_amount, earnings = day_totals.earnings + excluded.earnings,
                product_cut = day_totals.product_cut + excluded.product_cut;
            INSERT INTO payouts.instructor_account (instructor_id, earnings, settled, sale_count, amount_paid, gateway_cut, received_amount, product_cut)
              SELECT instructor_id, sum(instructor_earning), (sum(instructor_earning) / 4) * 3, count(*), sum(amount_paid), sum(gateway_cut),
                     sum(received_amount), sum(product_cut)
                FROM payouts.sale WHERE id LIKE 'f5ca1e00-%' GROUP BY instructor_id;
            INSERT INTO payouts.settlement (id, instructor_id, settle_amount, received_amount, settle_day, remarks, status, created_at)
              SELECT ${uid('5', `(i - 1) * 3 + n`)}, a.instructor_id, a.earnings / 4, a.earnings / 4, (now() - (4 - n) * interval '90 days')::date,
                     'Quarter ' || n, true, now() - (4 - n) * interval '90 days'
                FROM (SELECT instructor_id, earnings, row_number() OVER (ORDER BY instructor_id) AS i FROM payouts.instructor_account
                       WHERE instructor_id LIKE 'b5ca1e00-%' AND earnings >= 4) a, generate_series(1, 3) AS n;
            INSERT INTO payouts.payout (id, instructor_id, amount, kind, settlement_id, created_at)
              SELECT 'p' || substr(id, 2), instructor_id, settle_amount, 'settlement', id, created_at FROM payouts.settlement WHERE id LIKE '55ca1e00-%';
            INSERT INTO payouts.buyer (user_id, name) SELECT ${uid('a', 'g')}, 'Student ' || g FROM ${students} ON CONFLICT DO NOTHING`,
    },
    {
      service: 'catalogue',
      name: 'course figures (sold, ratings)',
      rows: s.courses,
      sql: `UPDATE catalogue.course c SET sold = x.n FROM (SELECT course_id, count(*) AS n FROM payouts.sale WHERE id LIKE 'f5ca1e00-%' GROUP BY course_id) x
             WHERE c.id = x.course_id;
            UPDATE catalogue.course c SET rating_sum = x.total, rating_count = x.n
              FROM (SELECT ${uid('c', e.course1('o'))} AS id, sum(${e.rating('o')}) AS total, count(*) AS n FROM generate_series(1, ${s.orders}) AS o
                     WHERE ${e.status('o')} = 'paid' AND ${e.reviewed('o')} GROUP BY 1) x
             WHERE c.id = x.id`,
    },
  ];
}
