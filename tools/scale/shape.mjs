/**
 * The shape of the scale seed (issue 51, decision 0082): how many rows of each kind a size makes, and
 * the SQL expressions that derive one row from its number. Every table's rows are numbered from 1 and
 * computed from that number alone (no random), so the seed's SQL steps and its documents agree without
 * reading each other: order o is student studentOf(o)'s, its first item is courseOf(o), and so on.
 */

/** Ten admins and five content uploaders come first, then the instructors' accounts, then students. */
export const ADMINS = 10;
export const CONTENT = 5;
/** Lessons per course. */
export const LESSONS = 5;

/** The counts of one size; instructors default to a fiftieth of the users (20,000 of 1,000,000). */
export function shapeOf({ users, courses, orders, instructors }) {
  const i = instructors ?? Math.max(1, Math.round(users / 50));
  const students = users - ADMINS - CONTENT - i;
  if (students < 1) throw new Error(`--users ${users} leaves no students after ${ADMINS + CONTENT} staff and ${i} instructors`);
  if (courses < 1 || orders < 0) throw new Error('--courses must be at least 1 and --orders at least 0');
  // A student's k-th order takes course (7s + k): distinct courses while k < courses (one enrolment each).
  if (Math.ceil(orders / students) >= courses) throw new Error(`${orders} orders over ${students} students need more than ${courses} courses`);
  return { users, instructors: i, students, courses, orders, rounds: Math.ceil(orders / students) };
}

/** A UUID-shaped id of kind `k` (one hex digit per table) and number `n`, as SQL. */
export const uid = (k, n) => `('${k}5ca1e00-0000-4000-8000-' || lpad(to_hex(${n}), 12, '0'))`;
/** The same id in JavaScript (the documents' references). */
export const uidJs = (k, n) => `${k}5ca1e00-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/** SQL expressions over a number column, for a shape `s`. */
export function exprs(s) {
  const firstStudent = ADMINS + CONTENT + s.instructors;
  const student = (o) => `((((${o}) - 1) % ${s.students}) + 1)`;
  const round = (o) => `(((${o}) - 1) / ${s.students})`;
  return {
    firstStudent,
    /** The user number of order o's student. */
    studentUser: (o) => `(${firstStudent} + ${student(o)})`,
    /** Order o's first course, and its second (every third order has two). */
    course1: (o) => `((((${student(o)}) * 7 + ${round(o)}) % ${s.courses}) + 1)`,
    course2: (o) => `((((${student(o)}) * 7 + ${round(o)} + ${Math.floor(s.courses / 2)}) % ${s.courses}) + 1)`,
    twoItems: (o) => `((${o}) % 3 = 0 AND ${s.courses} > 1)`,
    /** Course c's instructor number, and that instructor's user number. */
    instructorOf: (c) => `((((${c}) - 1) % ${s.instructors}) + 1)`,
    instructorUser: (i) => `(${ADMINS + CONTENT} + (${i}))`,
    /** The silver tier's price of course c, in poisha (1,000 to 4,900 taka). */
    price: (c) => `((1000 + ((${c}) % 40) * 100) * 100)`,
    /** Order o's status: the newest fiftieth waits for payment, every seventh expired, the rest paid. */
    status: (o) => `(CASE WHEN (${o}) > ${s.orders - Math.ceil(s.orders / 50)} THEN 'unpaid' WHEN (${o}) % 7 = 0 THEN 'expired' ELSE 'paid' END)`,
    voucher: (o) => `((${o}) % 10 = 0)`,
    /** Orders spread over the last three years, the newest now; microseconds kept (decision 0074). */
    orderAt: (o) => `(now() - interval '1095 days' + ((${o})::float8 / ${Math.max(1, s.orders)}) * interval '1095 days' - interval '1 hour')`,
    /** Users: the staff and instructors first, three years ago, the students after them. */
    userAt: (g) => `(now() - interval '1100 days' + ((${g})::float8 / ${s.users}) * interval '1095 days' - interval '2 hours')`,
    courseAt: (c) => `(now() - interval '1100 days' + ((${c})::float8 / ${s.courses}) * interval '1090 days')`,
    /** The wallet a student is given (a redeemed gift card): 200 taka for each of their orders and one more. */
    credit: `(20000 * ${s.rounds + 1})`,
    walletUsed: (subtotalLessDiscount) => `least(20000, ${subtotalLessDiscount})`,
    /** Reviewed: every tenth paid order's first course, rated 3 to 5. */
    reviewed: (o) => `((${o}) % 10 = 0)`,
    rating: (o) => `(3 + (${o}) % 3)`,
    /** A Bangladesh day of an instant, without naming the zone (UTC+6, no summer time). */
    bdDay: (at) => `(((${at}) AT TIME ZONE 'UTC') + interval '6 hours')::date`,
  };
}

/** The same derivations in JavaScript, for the documents (identical to exprs' SQL). */
export function jsOf(s) {
  const firstStudent = ADMINS + CONTENT + s.instructors;
  const student = (o) => ((o - 1) % s.students) + 1;
  const round = (o) => Math.floor((o - 1) / s.students);
  return {
    studentUser: (o) => firstStudent + student(o),
    course1: (o) => ((student(o) * 7 + round(o)) % s.courses) + 1,
    instructorOf: (c) => ((c - 1) % s.instructors) + 1,
    paid: (o) => !(o > s.orders - Math.ceil(s.orders / 50)) && o % 7 !== 0,
    orderAt: (o) => new Date(Date.now() - 1095 * 864e5 + (o / Math.max(1, s.orders)) * 1095 * 864e5 - 3600e3),
    rating: (o) => 3 + (o % 3),
  };
}
