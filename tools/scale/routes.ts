/**
 * The calls the plan test makes (decision 0082): every GET route of the gateway's OpenAPI document,
 * its path filled with seeded ids, as a visitor, the admin, a seeded instructor and a seeded student
 * whose data every list of theirs holds; plus each paged list's filters and sorts. Routes that change
 * something though they are GETs (suspend, publish, …), and the byte streams (video, media, the live
 * stream), are left out. Each call says whether its caller is one the route serves (`own`): such a
 * call must answer 2xx (plans.itest.ts fails otherwise, but for OWN_EXCEPTIONS).
 */
import type { gatewayApi } from '../testing/gateway-api';

/** tools/scale/shape.mjs's ids (kept equal; that file is the seed's). */
const uid = (k: string, n: number) => `${k}5ca1e00-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/** A seeded size (tools/scale/shape.mjs's arguments). */
export interface SeededSize {
  users: number;
  courses: number;
  orders: number;
  instructors?: number;
}

/**
 * The seeded ids the calls use, for a size (shape.mjs's rules, kept equal). A student is chosen for
 * their data: an order o that is a multiple of 300 (two items a third, a voucher and a review a tenth,
 * progress a fourth, a provided certificate a hundredth), not a seventh (expired), between 0.86 and 0.97
 * of the orders (paid 33 to 153 days ago: within its courses' 180 days, so the enrolments are active, and
 * not the newest fiftieth, unpaid), the student's second or later order where students are fewer than
 * orders, and a student whose number is a multiple of 5 (every fifth student has a notification). At the
 * plan test's size (200,000 users, 20,000 courses, 250,000 orders: 4,000 instructors, 195,985 students)
 * that is order 216,000, student 20,015 (user 24,030), course 107, instructor 107 (user 122). The student's
 * store order (bought by user g − 1 for user g) is 6…(g + 1), their gift card 9…(g); instructor i's first
 * settlement is (i − 1)·3 + 1 (three per instructor, in the instructors' order).
 */
export function seededIds(size: SeededSize) {
  const instructors = size.instructors ?? Math.max(1, Math.round(size.users / 50));
  const firstStudent = 15 + instructors;
  const students = size.users - firstStudent;
  for (let order = Math.floor((size.orders * 0.97) / 300) * 300; order >= size.orders * 0.86; order -= 300) {
    const student = ((order - 1) % students) + 1;
    if (order % 7 === 0 || student % 5 !== 0 || (size.orders > students && order <= students)) continue;
    const course = ((student * 7 + Math.floor((order - 1) / students)) % size.courses) + 1;
    const instructor = ((course - 1) % instructors) + 1;
    return { order, studentUser: firstStudent + student, course, instructor, instructorUser: 15 + instructor, settlement: (instructor - 1) * 3 + 1 };
  }
  throw new Error(`no student with every kind of data at ${JSON.stringify(size)}: seed more orders`);
}

const SKIP = /suspend|verify|publish|invalidate|\/due\/|\/stream$|\/video\/|\/media\/|\/ssl\/|exam-audio|openapi|unsubscribe|documents\/|guardian-approval/;

export type Who = 'visitor' | 'admin' | 'instructor' | 'student';

/** Who a route serves, read from the access its summary names (openapi.ts: "… (admin only)"); a route without a label serves everyone. */
const SERVES: [RegExp, Who[]][] = [
  [/^admin only$|^admin and content only$/, ['admin']],
  [/^students only$/, ['student']],
  [/^the user themself$/, ['admin', 'instructor', 'student']],
  [/^admin, or the user themself$/, ['admin', 'instructor', 'student']],
  [/^the buyer or an admin$/, ['admin', 'student']],
  [/^admin, or the instructor whose profile it is$|^the instructor it was sent to, or an admin$|^the course[’']s instructor, (content and admin|or an admin)$/, ['admin', 'instructor']],
  [/^any signed-in user|^enrolled students|^the course's students with active access/, ['admin', 'instructor', 'student']],
  [/^anyone/, ['visitor', 'admin', 'instructor', 'student']],
];
/** The demo's one landing popup (catalogue migration 003). */
const POPUP = '00000000-0000-4000-b000-000000000001';
/** Secured routes whose summary names no access (checked by the service): who they serve. */
const SERVES_BY_PATH: Record<string, Who[]> = {
  '/instructor/admin/instructorlist': ['admin'],
  '/instructor/admin/page': ['admin'],
  // The pickers' reads (decision 0087): admin and content (the variants below search with a q).
  '/instructor/admin/search': ['admin'],
  '/instructor/admin/one/{id}': ['admin'],
  '/course/admin/search': ['admin'],
  '/course/admin/one/{id}': ['admin'],
  '/wallet/{userId}/statement': ['admin', 'student'],
  '/order/receipt/{orderId}': ['admin', 'student'],
};

export interface RouteCall {
  who: Who;
  token?: string;
  /** The route as documented ('/order/{userId}/page'), or the variant's path for the filters and sorts. */
  route: string;
  path: string;
  /** The caller is one the route serves: the call must answer 2xx. */
  own: boolean;
}

export async function routeCalls(api: ReturnType<typeof gatewayApi>, base: string, size: SeededSize): Promise<RouteCall[]> {
  const { order: ORDER, studentUser: STUDENT_USER, course: COURSE, instructor: INSTRUCTOR, instructorUser: INSTRUCTOR_USER, settlement: SETTLEMENT } = seededIds(size);
  const admin = await api.login('admin@taal.local', 'admin123');
  const instructor = await api.login(`instructor${INSTRUCTOR_USER}@scale.taal.local`, 'student123');
  const student = await api.login(`student${STUDENT_USER}@scale.taal.local`, 'student123');
  if (student.id !== uid('a', STUDENT_USER) || instructor.id !== uid('a', INSTRUCTOR_USER)) throw new Error(`the seeded accounts are not the ones routes.ts names: ${student.id}, ${instructor.id}`);
  const doc = (await (await fetch(`${base}/api/v1/openapi.json`)).json()) as { paths: Record<string, { get?: { summary: string; security?: unknown[] } }> };
  const today = new Date().toISOString().slice(0, 10);
  // The demo's freebies (the seed makes none): the newest one's id.
  const freebie = ((await api.get('/freebies/')).body.data as { _id: string }[] | undefined)?.[0]?._id ?? 'none';
  const userOf: Record<Who, string> = { visitor: uid('a', STUDENT_USER), admin: uid('a', STUDENT_USER), instructor: instructor.id, student: student.id };
  // The caller's own id where a route serves the user themself only (the admin's own notifications…), else the student's.
  const value = (p: string, name: string, who: Who, themself: boolean): string => {
    const user = themself && who === 'admin' ? admin.id : userOf[who];
    if (name === 'id') {
      if (/^\/(course|analytics\/course|lesson)/.test(p)) return /lesson/.test(p) ? uid('e', (COURSE - 1) * 5 + 1) : uid('c', COURSE);
      if (/instructor/.test(p)) return uid('b', INSTRUCTOR);
      if (/certificate/.test(p)) return uid('7', ORDER);
      if (/store\/order/.test(p)) return uid('6', STUDENT_USER + 1);
      if (/gift-card/.test(p)) return uid('9', STUDENT_USER);
      if (/contact\/general/.test(p)) return uid('0', 1);
      if (/^\/popup/.test(p)) return POPUP;
      if (/^\/freebies/.test(p)) return freebie;
      return user;
    }
    const values: Record<string, string> = {
      userId: user,
      courseId: uid('c', COURSE),
      lessonId: uid('e', (COURSE - 1) * 5 + 1),
      instructorId: uid('b', INSTRUCTOR),
      orderId: uid('d', ORDER),
      settlementId: uid('5', SETTLEMENT),
      startDate: '2024-01-01',
      endDate: today,
      email: `student${STUDENT_USER}@scale.taal.local`,
      userEmail: `student${STUDENT_USER}@scale.taal.local`,
      courseName: `Course ${COURSE}`,
      type: '4',
      param: 'scale-gift-1',
      code: 'SCALE10',
      token: 'x',
      month: today.slice(0, 7),
    };
    return values[name] ?? 'x';
  };
  const people: [Who, string | undefined][] = [
    ['visitor', undefined],
    ['admin', admin.token],
    ['instructor', instructor.token],
    ['student', student.token],
  ];
  const calls: RouteCall[] = [];
  for (const [documented, ops] of Object.entries(doc.paths)) {
    const route = documented.replace(/^\/api\/v1/, '');
    if (!ops.get || SKIP.test(route)) continue;
    const label = ops.get.summary.match(/\(([^()]*)\)$/)?.[1] ?? '';
    const serves: Who[] = SERVES_BY_PATH[route] ?? (ops.get.security ? (SERVES.find(([re]) => re.test(label))?.[1] ?? []) : ['visitor', 'admin', 'instructor', 'student']);
    const themself = label === 'the user themself';
    for (const [who, token] of people) {
      const path = route.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(value(route, name, who, themself)));
      calls.push({ who, token, route, path, own: serves.includes(who) });
    }
  }
  const variants: [string, Who[]][] = [
    ...['newest', 'rating', 'price', 'price-desc'].flatMap((sort): [string, Who[]][] => [
      [`/course/page?sort=${sort}`, ['visitor']],
      [`/course/page?sort=${sort}&category=Guitar`, ['visitor']],
      [`/course/page?sort=${sort}&level=beginner`, ['visitor']],
      [`/course/page?sort=${sort}&instructor=${uid('b', INSTRUCTOR)}`, ['visitor']],
    ]),
    ...['all', 'student', 'subscriber', 'instructor', 'admin', 'content', 'social'].map((type): [string, Who[]] => [`/user/page?type=${type}`, ['admin']]),
    [`/user/page?q=student${STUDENT_USER}@scale.taal.local`, ['admin']],
    [`/user/page?from=2025-01-01&to=${today}`, ['admin']],
    [`/user/page?type=student&from=2025-01-01&to=${today}`, ['admin']],
    [`/course/admin/page?featured=true`, ['admin']],
    [`/user/certificatelist/page?status=pending`, ['admin']],
    [`/user/certificatelist/page?status=provided`, ['admin']],
    [`/order/page?paid=true`, ['admin']],
    [`/order/page?from=2025-01-01&to=${today}`, ['admin']],
    [`/order/page?from=2025-01-01&to=${today}&paid=false`, ['admin']],
    [`/wallet/${student.id}/statement?limit=50`, ['student']],
    // The pickers (decision 0087): the first names or titles starting with q, each a range of its index; some courses' titles by id.
    [`/instructor/admin/search?q=Instructor%201`, ['admin']],
    [`/instructor/search?q=Instructor%201`, ['visitor']],
    [`/course/admin/search?q=Guitar`, ['admin']],
    [`/course/admin/titles?ids=${uid('c', COURSE)},${uid('c', COURSE + 1)}`, ['admin']],
    [`/search?q=guitar`, ['visitor']],
    [`/search?q=rhythm%20chords`, ['visitor']],
    // A misspelt word: the typo-forgiving path reads the search words.
    [`/search?q=gitarr%20rythm`, ['visitor']],
  ];
  for (const [path, whom] of variants) for (const who of whom) calls.push({ who, token: people.find(([w]) => w === who)![1], route: path, path, own: true });
  return calls;
}
