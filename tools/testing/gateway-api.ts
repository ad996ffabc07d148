/**
 * Test helper: calling the gateway's `/api/v1` routes as a client would (JSON or FormData
 * bodies, a bearer token), for the gateway itests that run the all-in-one process.
 */
import { randomUUID } from 'node:crypto';
import { waitForMailLink } from './eml';
import { pngImage } from './images';
import { waitFor } from './wait';

/** The gateway's answer envelope, loosely typed for assertions. */
export type Json = { success: boolean | string; data?: any; message?: string; code?: string; reason?: string; fields?: Record<string, string>; fieldReasons?: Record<string, string>; params?: Record<string, string | number> }; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface Answer {
  status: number;
  body: Json;
  headers: Headers;
}

/**
 * Calls on the gateway at `base()` (a function, so it can be made before the process starts), or,
 * given a function of the path, on whichever service serves it (ServiceAlone.baseFor).
 */
export function gatewayApi(base: (path: string) => string) {
  const request = async (method: string, p: string, body?: unknown, token?: string): Promise<Answer> => {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(`${base(p)}/api/v1${p}`, { method, headers, body: payload });
    return { status: res.status, body: (await res.json()) as Json, headers: res.headers };
  };
  const get = (p: string, token?: string) => request('GET', p, undefined, token);
  const post = (p: string, body: unknown, token?: string) => request('POST', p, body, token);
  /**
   * Logs in through `/user/login/`; anything but a 200 fails the caller. A 504 ('please try again',
   * a process just started on a busy machine) is tried again twice, as a client would.
   */
  const login = async (email: string, password: string) => {
    let res = await post('/user/login/', { email, password });
    for (let retry = 0; retry < 2 && res.status === 504; retry++) res = await post('/user/login/', { email, password });
    if (res.status !== 200) throw new Error(`login of ${email} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return { token: res.body.data.token as string, id: res.body.data.user._id as string };
  };
  /**
   * A new student as a person becomes one: the sign-up form (with a `photoWidth` px wide photo), the
   * verification link from the mail in `mailDir`, then a login. Password `secret1`.
   */
  const signUpVerified = async (mailDir: string, name: string, { prefix = 'student', photoWidth = 40 } = {}) => {
    const id = randomUUID().slice(0, 8);
    const email = `${prefix}-${id}@mail-${id}.example.com`;
    const form = new FormData();
    for (const [k, v] of Object.entries({ name, email, password: 'secret1', confirmPassword: 'secret1', dob: '2000-01-02', phone: '01712345678', address: 'Dhaka' })) form.append(k, v);
    form.append('photo', new Blob([new Uint8Array(await pngImage(photoWidth, Math.round(photoWidth * 0.75)))], { type: 'image/png' }), 'me.png');
    const signedUp = await fetch(`${base('/user/signup/')}/api/v1/user/signup/`, { method: 'POST', body: form });
    if (signedUp.status !== 201) throw new Error(`sign-up of ${email} answered ${signedUp.status}: ${await signedUp.text()}`);
    const link = await waitForMailLink(mailDir, email, /Verify your Taal account/, /http:\/\/\S+\/verify-email\/[\w.-]+/);
    const verified = await get(`/user/verify-email/${link.split('/verify-email/')[1]}`);
    if (verified.status !== 200) throw new Error(`verifying ${email} answered ${verified.status}`);
    return { ...(await login(email, 'secret1')), email };
  };
  /**
   * Enrols a student in the courses as a buyer with a 100% voucher would be (the admin makes the
   * voucher; the zero-cost order is paid), then waits until each enrolment is active.
   */
  const enrolFree = async (adminToken: string, student: { token: string; id: string }, courseIds: string[]) => {
    const must = (what: string, answer: Answer) => {
      if (answer.status >= 300) throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      return answer;
    };
    const code = `E${randomUUID().slice(0, 8).toUpperCase()}`;
    must('the voucher', await post('/cart/cupon', { cuponCode: code, discount: 100, useLimit: 1, expireDate: '2999-01-01' }, adminToken));
    for (const course of courseIds) must('the cart', await post('/cart/', { user: student.id, course, tier: 'silver' }, student.token));
    const order = must('the order', await post('/order', { userId: student.id, amount: 0, cuponCode: code }, student.token));
    must('the zero-cost payment', await post(`/cart/zero-cart/${student.id}/${order.body.data._id}`, {}, student.token));
    for (const course of courseIds) {
      await waitFor(async () => !!(await get(`/course/secure-course/${course}`, student.token)).body.data?.enrolment?.active, `the enrolment in ${course}`);
    }
  };
  /** The course's lessons as a reader with `token` sees them, once there are some (the demo seed may still be writing them at start). */
  const lessonsOf = async (courseId: string, token: string): Promise<{ _id: string }[]> => {
    let lessons: { _id: string }[] = [];
    await waitFor(
      async () => {
        lessons = ((await get(`/course/secure-course/${courseId}`, token)).body.data?.lessons as { _id: string }[] | undefined) ?? [];
        return lessons.length > 0;
      },
      'the demo lessons',
      { timeoutMs: 90_000 },
    );
    return lessons;
  };

  return { request, get, post, login, signUpVerified, enrolFree, lessonsOf };
}
