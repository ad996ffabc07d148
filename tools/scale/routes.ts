/**
 * The calls the plan test makes (decision 0082): every GET route of the gateway's OpenAPI document,
 * its path filled with seeded ids, as a visitor, the admin, a seeded instructor and a seeded student
 * who has orders; plus each paged list's filters and sorts. Routes that change something though they
 * are GETs (suspend, publish, …), and the byte streams (video, media, the live stream), are left out.
 */
import type { gatewayApi } from '../testing/gateway-api';

/** tools/scale/shape.mjs's ids (kept equal; that file is the seed's). */
const uid = (k: string, n: number) => `${k}5ca1e00-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

// The plan test's size (200,000 users: 4,000 instructors, 4,015 staff and instructors before the students).
const FIRST_STUDENT = 10 + 5 + 4000;
const STUDENT = FIRST_STUDENT + 1;
// Student 1's first order (o = 1) is of course 8 (7·1 + 0, then + 1), whose instructor is the 8th.
const ORDER = 1;
const COURSE = 8;
const INSTRUCTOR = 8;

const SKIP = /suspend|verify|publish|invalidate|\/due\/|stream|\/video\/|\/media\/|\/ssl\/|exam-audio|openapi|unsubscribe|\/pdf$|\/photo$|receipt|statement|documents\/|guardian-approval/;

export interface RouteCall {
  who: string;
  token?: string;
  path: string;
}

export async function routeCalls(api: ReturnType<typeof gatewayApi>, base: string): Promise<RouteCall[]> {
  const admin = await api.login('admin@taal.local', 'admin123');
  const instructor = await api.login(`instructor${10 + 5 + INSTRUCTOR}@scale.taal.local`, 'student123');
  const student = await api.login(`student${STUDENT}@scale.taal.local`, 'student123');
  const doc = (await (await fetch(`${base}/api/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
  const today = new Date().toISOString().slice(0, 10);
  const value = (p: string, name: string): string => {
    if (name === 'id') {
      if (/^\/(course|analytics\/course|lesson)/.test(p)) return /lesson/.test(p) ? uid('e', (COURSE - 1) * 5 + 1) : uid('c', COURSE);
      if (/instructor/.test(p)) return uid('b', INSTRUCTOR);
      if (/certificate/.test(p)) return uid('7', 50);
      if (/store\/order/.test(p)) return uid('6', STUDENT);
      if (/gift-card/.test(p)) return uid('9', STUDENT);
      if (/contact\/general/.test(p)) return uid('0', 1);
      return uid('a', STUDENT);
    }
    const values: Record<string, string> = {
      userId: uid('a', STUDENT),
      courseId: uid('c', COURSE),
      lessonId: uid('e', (COURSE - 1) * 5 + 1),
      instructorId: uid('b', INSTRUCTOR),
      orderId: uid('d', ORDER),
      settlementId: uid('5', 1),
      startDate: '2024-01-01',
      endDate: today,
      email: `student${STUDENT}@scale.taal.local`,
      userEmail: `student${STUDENT}@scale.taal.local`,
      courseName: `Course ${COURSE}`,
      type: '4',
      param: 'scale-gift-1',
      code: 'SCALE10',
      token: 'x',
      month: today.slice(0, 7),
    };
    return values[name] ?? 'x';
  };
  const paths = Object.entries(doc.paths)
    .filter(([, ops]) => 'get' in ops)
    .map(([p]) => p.replace(/^\/api\/v1/, ''))
    .filter((p) => !SKIP.test(p))
    .map((p) => p.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(value(p, name))));
  const variants = [
    ...['newest', 'rating', 'price', 'price-desc'].flatMap((sort) => [
      `/course/page?sort=${sort}`,
      `/course/page?sort=${sort}&category=Guitar`,
      `/course/page?sort=${sort}&level=beginner`,
      `/course/page?sort=${sort}&instructor=${uid('b', INSTRUCTOR)}`,
    ]),
    ...['all', 'student', 'subscriber', 'instructor', 'admin', 'content', 'social'].map((type) => `/user/page?type=${type}`),
    `/user/page?q=student${STUDENT}@scale.taal.local`,
    `/order/page?paid=true`,
    `/order/page?from=2025-01-01&to=${today}`,
    `/order/page?from=2025-01-01&to=${today}&paid=false`,
    `/search?q=guitar`,
    `/search?q=rhythm%20chords`,
  ];
  const people: [string, string | undefined][] = [
    ['visitor', undefined],
    ['admin', admin.token],
    ['instructor', instructor.token],
    ['student', student.token],
  ];
  return people.flatMap(([who, token]) => [...paths, ...variants].map((path) => ({ who, token, path })));
}
