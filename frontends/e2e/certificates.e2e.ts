// Certificates in the browser against the real all-in-one:
// - the demo student owns two courses (a 100% voucher through the zero-cost path; learning
//   grants the enrolments from commerce.order.paid), completes every lesson of both and asks for
//   both certificates through the API (GET course/certificate/{email}/{courseId}/{courseName});
// - the demo admin sees both requests on /admincertificatelist (name, e-mail, course, requested
//   date, Pending), marks one provided ('Cetificate Provided Successfully!!'), and the row reads
//   Provided with links to its PDF and public page; the other in Bengali;
// - the pending or the provided requests, 20 rows a keyset page as the server pages them (decision
//   0084): 45 pending answered by GET user/certificatelist/page (intercepted), Next asks with the
//   page's cursor, which the address keeps, so a copied link opens that page;
// - logged out, /certificate/{id} shows the name, course and date, and its PDF link answers
//   application/pdf; an unknown id shows "Certificate not found". English and Bengali.
// Screenshots go to /tmp/shots-certificates/ (SHOTS_DIR).
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { api, apiGet, DEMO, dhakaDay, loginByApi, loginInUi, openPage, switchLanguage, toastWith, useE2E, completeEveryLesson, waitForEnrolment } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-certificates';

const e2e = useE2E({ shotsDir: SHOTS });
const { shot } = e2e;
const { request, call } = api(e2e);

interface Course {
  _id: string;
  title: string;
}
interface Certificate {
  _id: string;
  userName: string;
  userEmail: string;
  courseId: string;
  courseName: string;
  provided: boolean;
  requestedAt: string;
  providedAt: string;
  /** The exams passed before it was asked for (decision 0073). */
  exams: { kind: string; passedAt: string; scorePercent: number }[];
}

const rowOf = (page: Page, course: string) =>
  page.locator('[data-testid="certificates-table"] [data-testid="table-row"]', { hasText: course });

test('a student asks, the admin provides it on /admincertificatelist, anyone verifies it at /certificate/{id}; en and bn', async () => {
  const admin = await loginByApi(e2e.baseUrl, DEMO.admin);
  const student = await loginByApi(e2e.baseUrl, DEMO.student);
  const [first, second] = (await apiGet<Course[]>(e2e.baseUrl, 'course/')) as [Course, Course];

  // Without an enrolment the student is refused.
  const early = await request(
    'GET',
    `course/certificate/${encodeURIComponent(student.user.email)}/${first._id}/${encodeURIComponent(first.title)}`,
    student.token,
  );
  expect(early.status).toBe(400);
  expect(early.json.message).toBe('Purchase the course First!!');
  expect(early.json.reason).toBe('CERTIFICATE_NEEDS_PURCHASE');

  // The student owns both courses: a 100% voucher, one order, the zero-cost path.
  const code = `CERT${Date.now().toString(36).toUpperCase()}`;
  await call('POST', 'cart/cupon', admin.token, {
    cuponCode: code,
    discount: 100,
    useLimit: 1,
    expireDate: dhakaDay(3),
  });
  await call('POST', 'cart/', student.token, { user: student.user._id, course: first._id, tier: 'silver' });
  await call('POST', 'cart/', student.token, { user: student.user._id, course: second._id, tier: 'gold' });
  const order = await call<{ _id: string }>('POST', 'order', student.token, {
    userId: student.user._id,
    amount: 0,
    cuponCode: code,
  });
  await call('POST', `cart/zero-cart/${student.user._id}/${order._id}`, student.token, {});
  await waitForEnrolment(e2e, first._id, student.token);
  await waitForEnrolment(e2e, second._id, student.token);
  // A certificate follows every lesson completed (issue 40, decision 0042).
  for (const c of [first, second]) await completeEveryLesson(e2e, c._id, student.token);

  // Both certificates asked for.
  const ask = (c: Course) =>
    call<{ status: string; certificate: Certificate }>(
      'GET',
      `course/certificate/${encodeURIComponent(student.user.email)}/${c._id}/${encodeURIComponent(c.title)}`,
      student.token,
    );
  const one = await ask(first);
  const two = await ask(second);
  const id = one.certificate._id;
  expect([one.status, two.status]).toEqual(['success', 'success']);
  expect(one.certificate).toMatchObject({
    userName: student.user.name,
    userEmail: student.user.email,
    courseName: first.title,
    provided: false,
  });
  // Not provided yet: the public check does not know it.
  expect((await request('GET', `certificate/${one.certificate._id}`, null)).status).toBe(404);

  const { page, context, errors } = await openPage(e2e.browser);
  try {
    await loginInUi(page, e2e.baseUrl, DEMO.admin);
    await page.goto(`${e2e.baseUrl}/admincertificatelist`);
    await rowOf(page, first.title).waitFor();
    expect(await page.textContent('[data-testid="admin-certificates"] h1')).toBe('Certificate requests');
    expect(await page.textContent('[data-testid="certificate-pending"]')).toBe(
      '2 requests on this page are waiting',
    );
    expect(await page.locator('[data-testid="certificates-table"] th').allTextContents()).toEqual([
      'Name',
      'E-mail',
      'Course',
      'Exams',
      'Requested',
      'Status',
      'Certificate',
    ]);
    expect(await page.locator('[data-testid="certificates-table"] [data-testid="table-row"]').count()).toBe(
      2,
    );
    const row = rowOf(page, first.title);
    expect(await row.locator('[data-col="userName"]').textContent()).toBe(student.user.name);
    expect(await row.locator('[data-col="userEmail"]').textContent()).toBe(student.user.email);
    expect(await row.locator('[data-col="courseName"]').textContent()).toBe(first.title);
    expect(await row.locator('[data-col="requestedAt"] time').getAttribute('dateTime')).toBe(
      one.certificate.requestedAt,
    );
    expect(await row.locator('[data-testid="certificate-status"]').textContent()).toBe('Pending');
    expect(await row.locator('[data-testid="certificate-pdf"]').count()).toBe(0);
    // One page: no pager; no search box (the server pages).
    expect(await page.locator('[data-testid="keyset-pager"]').count()).toBe(0);
    expect(await page.locator('[data-testid="table-pager"]').count()).toBe(0);
    await shot(page, 'admin-certificates-pending-en');

    // Mark provided: the toast, then Provided with its PDF and public page.
    await row.locator('[data-testid="certificate-provide"]').click();
    await toastWith(page, 'Cetificate Provided Successfully!!');
    await row.locator('[data-testid="certificate-pdf"]').waitFor();
    expect(await row.locator('[data-testid="certificate-status"]').textContent()).toBe('Provided');
    expect(await row.locator('[data-testid="certificate-provide"]').count()).toBe(0);
    expect(await row.locator('[data-testid="certificate-pdf"]').getAttribute('href')).toBe(
      `/api/v1/certificate/${id}/pdf`,
    );
    expect(await row.locator('[data-testid="certificate-public"]').getAttribute('href')).toBe(
      `/certificate/${id}`,
    );
    expect(await rowOf(page, second.title).locator('[data-testid="certificate-status"]').textContent()).toBe(
      'Pending',
    );
    expect(await page.textContent('[data-testid="certificate-pending"]')).toBe(
      '1 request on this page is waiting',
    );
    const stored = await call<{ certificates: Certificate[]; total: number }>(
      'GET',
      'user/certificatelist/work',
      admin.token,
    );
    expect(stored.total).toBe(2);
    expect(stored.certificates.find((c) => c._id === id)?.provided).toBe(true);
    expect(await row.locator('[data-testid="certificate-provided-at"]').getAttribute('dateTime')).toBe(
      stored.certificates.find((c) => c._id === id)?.providedAt,
    );
    expect(stored.certificates.find((c) => c._id === two.certificate._id)?.provided).toBe(false);
    await shot(page, 'admin-certificates-provided-en');

    // Bengali: the other one.
    await switchLanguage(page, 'bn');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="admin-certificates"] h1')?.textContent === 'সনদের অনুরোধ',
    );
    expect(await row.locator('[data-testid="certificate-status"]').textContent()).toBe('প্রদান করা হয়েছে');
    const other = rowOf(page, second.title);
    expect(await other.locator('[data-testid="certificate-status"]').textContent()).toBe('অপেক্ষমাণ');
    expect(await other.locator('[data-testid="certificate-provide"]').textContent()).toBe(
      'প্রদান করা হিসেবে চিহ্নিত করুন',
    );
    await shot(page, 'admin-certificates-pending-bn');
    await other.locator('[data-testid="certificate-provide"]').click();
    await toastWith(page, 'সনদ সফলভাবে প্রদান করা হয়েছে!!');
    await other.locator('[data-testid="certificate-pdf"]').waitFor();
    expect(await other.locator('[data-testid="certificate-status"]').textContent()).toBe('প্রদান করা হয়েছে');
    expect(await page.locator('[data-testid="certificate-pending"]').count()).toBe(0);
    await shot(page, 'admin-certificates-provided-bn');
    await switchLanguage(page, 'en');

    // Asking again now answers 'provided'.
    expect((await ask(first)).status).toBe('provided');
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }

  // Logged out: the public page and its PDF.
  const visitor = await openPage(e2e.browser);
  try {
    const v = visitor.page;
    await v.goto(`${e2e.baseUrl}/certificate/${id}`);
    await v.waitForSelector('[data-testid="certificate-verified"]');
    expect(await v.textContent('[data-testid="certificate-verified"] h1')).toBe('Certificate verified');
    expect(await v.textContent('[data-testid="certificate-name"]')).toBe(student.user.name);
    expect(await v.textContent('[data-testid="certificate-course"]')).toBe(first.title);
    expect(await v.textContent('[data-testid="certificate-date"]')).toMatch(
      /^Issued on [A-Z][a-z]+ \d{1,2}, \d{4}$/,
    );
    expect(await v.textContent('[data-testid="certificate-id"]')).toBe(`Certificate ID: ${id}`);
    const href = await v.getAttribute('[data-testid="certificate-download"]', 'href');
    expect(href).toBe(`/api/v1/certificate/${id}/pdf`);
    const pdf = await v.evaluate(async (url) => {
      const res = await fetch(url);
      const bytes = new Uint8Array(await res.arrayBuffer());
      return {
        status: res.status,
        type: res.headers.get('content-type'),
        head: String.fromCharCode(...bytes.slice(0, 5)),
      };
    }, href!);
    expect(pdf).toEqual({ status: 200, type: 'application/pdf', head: '%PDF-' });
    await shot(v, 'public-certificate-found-en');
    await switchLanguage(v, 'bn');
    await v.waitForFunction(
      () =>
        document.querySelector('[data-testid="certificate-verified"] h1')?.textContent ===
        'সনদ যাচাই করা হয়েছে',
    );
    expect(await v.textContent('[data-testid="certificate-name"]')).toBe(student.user.name);
    expect(await v.textContent('[data-testid="certificate-download"]')).toBe('পিডিএফ ডাউনলোড করুন');
    await shot(v, 'public-certificate-found-bn');

    // An unknown id (and one that is not even an id): not found.
    const unknown = randomUUID();
    await v.goto(`${e2e.baseUrl}/certificate/${unknown}`);
    await v.waitForSelector('[data-testid="certificate-not-found"]');
    expect(await v.textContent('[data-testid="certificate-not-found"] h1')).toBe('সনদ পাওয়া যায়নি');
    await shot(v, 'public-certificate-not-found-bn');
    await switchLanguage(v, 'en');
    await v.waitForFunction(
      () =>
        document.querySelector('[data-testid="certificate-not-found"] h1')?.textContent ===
        'Certificate not found',
    );
    expect(await v.textContent('[data-testid="certificate-id"]')).toBe(`Certificate ID: ${unknown}`);
    await shot(v, 'public-certificate-not-found-en');
    await v.goto(`${e2e.baseUrl}/certificate/not-a-certificate`);
    await v.waitForSelector('[data-testid="certificate-not-found"]');
    expect(visitor.errors).toEqual([]);
  } finally {
    await visitor.context.close();
  }
}, 180_000);

test('the request table shows 20 a keyset page as the server pages them (the cursor in the address, pending or provided)', async () => {
  const { page, context, errors } = await openPage(e2e.browser);
  const made = (n: number, provided: boolean): Certificate => ({
    _id: randomUUID(),
    userName: `Student ${n}`,
    userEmail: `student${n}@example.com`,
    courseId: randomUUID(),
    courseName: `Course ${n}`,
    provided,
    requestedAt: new Date(Date.UTC(2026, 0, 1, 10, 60 - n)).toISOString(),
    providedAt: provided ? new Date(Date.UTC(2026, 0, 2, 10, n)).toISOString() : '',
    exams: [],
  });
  const lists = { pending: Array.from({ length: 45 }, (_, i) => made(i + 1, false)), provided: Array.from({ length: 3 }, (_, i) => made(i + 46, true)) };
  const asked: string[] = [];
  const rows = page.locator('[data-testid="certificates-table"] [data-testid="table-row"]');
  const firstName = () => rows.first().locator('[data-col="userName"]').textContent();
  try {
    // The server's keyset page: a cursor names the row after which the next page starts.
    await page.route('**/api/v1/user/certificatelist/page*', async (route) => {
      const url = new URL(route.request().url());
      const status = url.searchParams.get('status') as 'pending' | 'provided';
      const cursor = url.searchParams.get('cursor') ?? '';
      asked.push(`${status}:${cursor ? cursor.slice(0, 4) : 'first'}`);
      const list = lists[status];
      const from = cursor ? Number(cursor.slice(4)) : 0;
      const items = list.slice(from, from + 20);
      const next = from + 20 < list.length ? `pos-${from + 20}` : null;
      await route.fulfill({ contentType: 'application/json', body: JSON.stringify({ success: true, data: { items, next } }) });
    });
    await loginInUi(page, e2e.baseUrl, DEMO.admin);
    await page.goto(`${e2e.baseUrl}/admincertificatelist`);
    await page.waitForSelector('[data-testid="certificates-table"] [data-testid="table-row"]');
    expect(await rows.count()).toBe(20);
    expect(asked).toEqual(['pending:first']);
    expect(await page.textContent('[data-testid="keyset-pager"] [data-testid="page-number"]')).toBe('Page 1');
    await page.click('[data-testid="keyset-pager"] [data-testid="page-next"]');
    await page.waitForURL(/[?&]cursor=pos-20/);
    await page.waitForFunction(() => document.querySelector('[data-testid="keyset-pager"] [data-testid="page-number"]')?.textContent === 'Page 2');
    expect(await firstName()).toBe('Student 21');
    const second = page.url();
    expect(await page.textContent('[data-testid="certificate-pending"]')).toBe('20 requests on this page are waiting');
    await page.click('[data-testid="keyset-pager"] [data-testid="page-next"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="keyset-pager"] [data-testid="page-number"]')?.textContent === 'Page 3');
    expect(await rows.count()).toBe(5);
    expect(await page.locator('[data-testid="keyset-pager"] [data-testid="page-next"]').isDisabled()).toBe(true);
    await page.click('[data-testid="keyset-pager"] [data-testid="page-previous"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="keyset-pager"] [data-testid="page-number"]')?.textContent === 'Page 2');
    expect(await firstName()).toBe('Student 21');
    // The provided requests start at their first page.
    await page.click('[data-testid="certificate-tab-provided"]');
    await page.waitForURL('**/admincertificatelist?status=provided');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="certificates-table"] [data-testid="table-row"]').length === 3);
    expect(await firstName()).toBe('Student 46');
    expect(await page.locator('[data-testid="keyset-pager"]').count()).toBe(0);
    // A copied link to page 2 opens page 2, with the first page offered.
    await page.goto(second);
    await page.waitForSelector('[data-testid="keyset-pager"] [data-testid="page-first"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="keyset-pager"] [data-testid="page-number"]')?.textContent === 'Page 2');
    expect(await firstName()).toBe('Student 21');
    expect(asked).toContain('provided:first');
    expect(asked.filter((a) => a.startsWith('pending:pos-')).length).toBeGreaterThanOrEqual(2);
    await shot(page, 'admin-certificates-page-2-en');
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 120_000);
