// A student's gift-card orders a server keyset page at a time (issue 51, decision 0087; they were one list
// cut at 500), in Chromium against the real all-in-one: the demo student buys eleven gift cards, each paid on
// the sandbox; the purchase history (/studentpanel?tab=3) shows the newest ten under "Gift card orders", and
// its own pager's Next opens the eleventh with the cursor in the address as storeCursor (beside the course
// orders' own cursor). A copied page-2 link opens that page in a fresh tab. English and Bengali; screenshots
// go to SHOTS_DIR (/tmp/shots/student-store-orders).
import { api, DEMO, loginByApi, switchLanguage, useE2E, useSession, waitFor } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots/student-store-orders';
const e2e = useE2E({ shotsDir: SHOTS });
const { shot } = e2e;
const { call } = api(e2e);

/** The sandbox's hosted page over HTTP: Pay, then the browser's return through the gateway. */
async function payOnSandbox(pageUrl: string): Promise<void> {
  const html = await (await fetch(pageUrl)).text();
  const action = /action="([^"]+\/pay)"/.exec(html)![1]!;
  const paid = await fetch(new URL(action, e2e.baseUrl), { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'choice=pay' });
  const back = new URL(paid.headers.get('location')!, e2e.baseUrl);
  expect((await fetch(back, { redirect: 'manual' })).status).toBe(303);
}

test('a student’s gift-card orders page through the server, the cursor in the address; a copied page-2 link opens it (en, bn)', async () => {
  const student = await loginByApi(e2e.baseUrl, DEMO.student);
  const product = await call<{ _id: string; name: string; price: number }>('GET', 'store/product/gift-card-500');
  const bought: string[] = [];
  for (let n = 1; n <= 11; n++) {
    const order = await call<{ _id: string }>('POST', 'store/order/', student.token, {
      userId: student.user._id, product: product._id, quantity: n, totalPrice: product.price * n, forMyself: true, userPhone: '01712345678',
    });
    const session = await call<{ GatewayPageURL: string }>('POST', 'store/payment/ssl/', student.token, {
      amount: (product.price * n) / 100, name: 'Student', phone: '01712345678', email: DEMO.student.email, product_name: product.name, currency: 'BDT', cus_order_id: order._id,
    });
    await payOnSandbox(session.GatewayPageURL);
    bought.unshift(order._id);
  }
  const paid = await waitFor('eleven paid store orders', async () => {
    const list = await call<{ _id: string }[]>('GET', `store/order/mine/${student.user._id}`, student.token);
    return list.length === 11 ? list.map((o) => o._id) : undefined;
  }, 60_000);
  expect(paid).toEqual(bought);

  const context = await e2e.browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    await page.goto(`${e2e.baseUrl}/`);
    await useSession(page, e2e.baseUrl, student, { lang: 'en' });
    await page.goto(`${e2e.baseUrl}/studentpanel?tab=3`);
    const list = page.locator('[data-testid="store-purchases"]');
    const cards = list.locator('[data-testid="store-purchase"]');
    const ids = () => cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-order') ?? ''));
    await page.locator('[data-testid="store-purchases"][data-page="1"]').waitFor();
    expect(await ids()).toEqual(bought.slice(0, 10));
    expect(await page.locator('#store-purchases-title').textContent()).toBe('Gift card orders');
    const pager = page.locator('[data-testid="store-purchases-pager"]');
    await pager.scrollIntoViewIfNeeded();
    expect(await pager.locator('[data-testid="page-number"]').textContent()).toBe('Page 1');
    await shot(page, 'store-orders-page1-en');

    await pager.locator('[data-testid="page-next"]').click();
    await page.locator('[data-testid="store-purchases"][data-page="2"]').waitFor();
    expect(await ids()).toEqual(bought.slice(10));
    const url = new URL(page.url());
    expect(url.searchParams.get('tab')).toBe('3');
    expect(url.searchParams.get('storePage')).toBe('2');
    expect(url.searchParams.get('storeCursor')).toBeTruthy();
    expect(url.searchParams.get('cursor')).toBeNull();
    expect(await pager.locator('[data-testid="page-next"]').isDisabled()).toBe(true);
    await shot(page, 'store-orders-page2-en');

    const copied = await context.newPage();
    await copied.goto(url.toString());
    await copied.locator('[data-testid="store-purchases"][data-page="2"]').waitFor();
    expect(await copied.locator('[data-testid="store-purchase"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-order')))).toEqual(bought.slice(10));
    expect(await copied.locator('[data-testid="store-purchases-pager"] [data-testid="page-first"]').count()).toBe(1);
    await copied.close();

    await switchLanguage(page, 'bn', { fonts: true });
    await page.locator('[data-testid="store-purchases"][data-page="2"]').waitFor();
    expect(await page.locator('#store-purchases-title').textContent()).toBe('গিফট কার্ডের অর্ডার');
    expect(await pager.locator('[data-testid="page-number"]').textContent()).toBe('পৃষ্ঠা ২');
    await shot(page, 'store-orders-page2-bn');
    await pager.locator('[data-testid="page-previous"]').click();
    await page.locator('[data-testid="store-purchases"][data-page="1"]').waitFor();
    expect(await ids()).toEqual(bought.slice(0, 10));
    await pager.scrollIntoViewIfNeeded();
    await shot(page, 'store-orders-page1-bn');
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 240_000);
