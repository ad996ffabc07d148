/**
 * The gift-card store on the store running alone (issues 11 and 52, decision 0018), with commerce
 * (wallets) and messaging (mail) beside it and a card-gateway sandbox of its own:
 * the admin manages categories (data-URL image on create, multipart on edit) and products; a
 * student orders two cards for someone else and pays on the sandbox; the receiver's mail
 * holds two codes; the receiver redeems one into their own wallet and sees the balance grow;
 * redeeming or reading another user's wallet is 403; wrong codes are limited (429).
 */
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { pngImage } from '../../../tools/testing/images';
import { mailsTo, waitForMailLink } from '../../../tools/testing/eml';
import { waitFor } from '../../../tools/testing/wait';
import { gatewayApi, type Json } from '../../../tools/testing/gateway-api';
import { startServiceAlone, type ServiceAlone } from '../../../tools/testing/service-alone';

const CODE = /[0-9A-Z]{4}(?:-[0-9A-Z]{4}){4}/g;

describe('the gift-card store running alone', () => {
  let store: ServiceAlone;
  let base: string;
  let dataDir: string;
  let admin: { token: string; id: string };
  let buyer: { token: string; id: string };
  let receiver: { token: string; id: string; email: string };
  let product: { _id: string; price: number; value: number; param: string };
  let codes: string[] = [];

  const { request, get, post, login, signUpVerified } = gatewayApi((p) => store.baseFor(p));
  const png = async () => new Blob([new Uint8Array(await pngImage(60, 40))], { type: 'image/png' });

  beforeAll(async () => {
    // The browser comes back from the card gateway, and its payment notices arrive, at the store's own port.
    store = await startServiceAlone('store', {
      also: ['commerce', 'messaging'],
      cardPayments: true,
    });
    base = store.base;
    dataDir = store.dataDir;
    admin = await login('admin@taal.local', 'admin123');
    buyer = await login('student@taal.local', 'student123');
    const id = randomUUID().slice(0, 8);
    const email = `rina-${id}@mail-${id}.example.com`;
    const form = new FormData();
    const fields = { name: 'Rina Das', email, password: 'secret1', confirmPassword: 'secret1', dob: '2000-01-02', phone: '01712345678', address: 'Dhaka' };
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('photo', await png(), 'me.png');
    expect((await fetch(`${store.baseFor('/user/signup/')}/api/v1/user/signup/`, { method: 'POST', body: form })).status).toBeLessThan(300);
    const link = await waitForMailLink(path.join(dataDir, 'mail'), email, /Verify your Taal account/, /http:\/\/\S+\/verify-email\/[\w.-]+/);
    expect((await get(`/user/verify-email/${link.split('/verify-email/')[1]}`)).status).toBe(200);
    receiver = { ...(await login(email, 'secret1')), email };
  }, 90_000);

  afterAll(async () => {
    await store?.stop();
  });

  it('lists the demo gift cards for everyone', async () => {
    const list = await get('/store/product/');
    expect(list.status).toBe(200);
    expect(list.body.data.map((p: { param: string }) => p.param)).toEqual(expect.arrayContaining(['gift-card-500', 'gift-card-1000']));
    expect((await get('/store/product/gift-card-500')).body.data).toMatchObject({ price: 500_00, value: 500_00, sold: 0 });
    expect((await get('/store/product/no-such-card')).status).toBe(404);
  });

  it('lets the admin manage categories: a data-URL image on create, multipart on edit; students get 403', async () => {
    const image = `data:image/png;base64,${(await pngImage(50, 50)).toString('base64')}`;
    const body = { name: 'Birthdays', image, description: 'For birthdays' };
    expect((await post('/store/category/create/', body, buyer.token)).status).toBe(403);
    expect((await post('/store/category/create/', { ...body, image: 'data:text/plain;base64,aGVsbG8=' }, admin.token)).status).toBe(400);
    const created = await post('/store/category/create/', body, admin.token);
    expect([created.status, created.body.message]).toEqual([201, 'category created successfully']);
    expect(created.body.data.image).toMatch(/^\/api\/v1\/media\/images\/.+\.(jpg|webp)$/);
    const form = new FormData();
    form.append('name', 'Birthdays & more');
    const edited = await post(`/store/category/edit/${created.body.data._id}/`, form, admin.token);
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ name: 'Birthdays & more', description: 'For birthdays', image: created.body.data.image });
    expect((await get('/store/category/')).body.data.map((c: { name: string }) => c.name)).toContain('Birthdays & more');
    expect((await request('DELETE', `/store/category/delete/${created.body.data._id}`, undefined, admin.token)).status).toBe(200);
  });

  it('lets the admin add and edit a gift card (every field required on create, optional on edit)', async () => {
    const form = new FormData();
    const fields = { name: 'Gift 300', param: `gift-300-${randomUUID().slice(0, 6)}`, price: '30000', oldPrice: '35000', value: '30000', validity: '365 days', description: 'Three hundred' };
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    const missing = await post('/store/product/create', form, admin.token);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ reason: 'THIS_IS_REQUIRED', message: 'This is required', fields: { image: 'This is required' }, fieldReasons: { image: 'THIS_IS_REQUIRED' } });
    form.append('image', await png(), 'card.png');
    expect((await post('/store/product/create', form, buyer.token)).status).toBe(403);
    const created = await post('/store/product/create', form, admin.token);
    expect([created.status, created.body.message]).toEqual([201, 'Product added successfully!']);
    product = created.body.data;
    const edit = new FormData();
    edit.append('description', 'Three hundred taka of lessons');
    const edited = await request('PUT', `/store/product/edit/${product._id}`, edit, admin.token);
    expect([edited.status, edited.body.message]).toEqual([200, 'Product updated successfully!']);
    expect(edited.body.data).toMatchObject({ name: 'Gift 300', description: 'Three hundred taka of lessons', price: 30000 });
  });

  it('sells two cards for someone else through the sandbox and mails the receiver two codes', async () => {
    const order = await post(
      '/store/order/',
      {
        userId: buyer.id, product: product._id, name: 'Gift 300', value: 30000, price: 30000, quantity: 2, totalPrice: 50000, forMyself: false,
        giftCardFrom: 'Student', giftCardMessage: 'Enjoy!', shippingAddressName: 'Rina', shippingAddressEmail: receiver.email, shippingAddressPhone: '01712345678',
      },
      buyer.token,
    );
    expect([order.status, order.body.reason]).toEqual([400, 'AMOUNT_MISMATCH']);
    const short = await post('/store/order/', { userId: buyer.id, product: product._id, quantity: 1, totalPrice: 30000, forMyself: true, userPhone: '0171' }, buyer.token);
    expect([short.status, short.body.fields]).toEqual([400, { userPhone: 'Too Short!' }]);
    expect((await post('/store/order/', { userId: receiver.id, product: product._id, quantity: 1, totalPrice: 30000, forMyself: true, userPhone: '01712345678' }, buyer.token)).status).toBe(403);

    const created = await post(
      '/store/order/',
      {
        userId: buyer.id, product: product._id, name: 'Gift 300', value: 30000, price: 30000, quantity: 2, totalPrice: 60000, forMyself: false,
        giftCardFrom: 'Student', giftCardMessage: 'Enjoy!', shippingAddressName: 'Rina', shippingAddressEmail: receiver.email, shippingAddressPhone: '01712345678',
      },
      buyer.token,
    );
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ userEmail: 'student@taal.local', orderItem: { totalPrice: 60000, name: 'Gift 300', quantity: 2 }, isPaid: false });
    const orderId = created.body.data._id as string;
    const pay = { amount: 600, name: 'Student', phone: '01712345678', email: 'student@taal.local', product_name: 'Gift 300', currency: 'BDT', cus_order_id: orderId };
    expect((await post('/store/payment/ssl/', { ...pay, amount: 500 }, buyer.token)).body.reason).toBe('AMOUNT_MISMATCH');
    expect((await post('/store/payment/ssl/', pay, receiver.token)).status).toBe(403);
    const session = await post('/store/payment/ssl/', pay, buyer.token);
    expect(session.status).toBe(200);
    const page = await (await fetch(session.body.data.GatewayPageURL)).text();
    const action = /action="([^"]+\/pay)"/.exec(page)![1]!;
    const paid = await fetch(new URL(action, base), { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'choice=pay' });
    const back = new URL(paid.headers.get('location')!, base);
    expect(back.pathname).toBe('/api/v1/store/payment/ssl/success');
    const landed = await fetch(back, { redirect: 'manual' });
    expect([landed.status, landed.headers.get('location')]).toEqual([303, `/giftcard-successfull?order=${orderId}`]);
    expect((await get(`/store/order/${orderId}`, buyer.token)).body.data).toMatchObject({ isPaid: true, orderStatus: 'paid' });
    expect((await get(`/store/order/${orderId}`, receiver.token)).status).toBe(403);

    await waitFor(() => mailsTo(path.join(dataDir, 'mail'), receiver.email).some((m) => new RegExp(CODE.source).test(m.body)), 'the code mail');
    const mail = mailsTo(path.join(dataDir, 'mail'), receiver.email).find((m) => /gift card/.test(m.subject))!;
    codes = [...new Set(mail.body.match(CODE))];
    expect(codes).toHaveLength(2);
    expect((await get(`/store/product/${product.param}`)).body.data.sold).toBe(2);

    const cards = await get('/store/gift-card/', admin.token);
    const mine = cards.body.data.filter((c: { orderId: string }) => c.orderId === orderId);
    expect(mine).toHaveLength(2);
    const detail = await get(`/store/gift-card/${mine[0]._id}`, admin.token);
    expect(detail.body.data).toMatchObject({ senderName: 'Student', receiverEmail: receiver.email, value: 30000, price: 30000, used: false });
    expect(JSON.stringify(detail.body)).not.toMatch(new RegExp(CODE.source));
    expect((await get('/store/gift-card/', buyer.token)).status).toBe(403);
    expect((await get('/store/order/', admin.token)).body.data.some((o: { _id: string }) => o._id === orderId)).toBe(true);
  });

  it('redeems a code once into the caller’s own wallet; another user’s wallet or balance is 403', async () => {
    const before = (await get(`/store/gift-card/balance/${receiver.id}`, receiver.token)).body.data as number;
    expect((await post(`/store/gift-card/redeem/${codes[0]}/${buyer.id}`, {}, receiver.token)).status).toBe(403);
    expect((await get(`/store/gift-card/balance/${buyer.id}`, receiver.token)).status).toBe(403);
    const redeemed = await post(`/store/gift-card/redeem/${codes[0]!.toLowerCase()}/${receiver.id}`, {}, receiver.token);
    expect(redeemed.status).toBe(200);
    expect(redeemed.body).toMatchObject({ message: 'Gift card redeemed successfully.', data: { amount: 30000, balance: before + 30000, giftCardMessage: 'Enjoy!' } });
    expect((await get(`/store/gift-card/balance/${receiver.id}`, receiver.token)).body.data).toBe(before + 30000);
    const again = await post(`/store/gift-card/redeem/${codes[0]}/${receiver.id}`, {}, receiver.token);
    expect([again.status, again.body.message, again.body.reason]).toEqual([400, 'This gift card has already been used.', 'GIFT_CARD_USED']);
    expect((await post(`/store/gift-card/redeem/${codes[0]}/${receiver.id}`, {}, undefined)).status).toBe(401);
  });

  it('a name with emoji as they are typed (a selector, joined sequences, a skin tone) signs up and is a valid "From" (issue 55, decision 0071)', async () => {
    const name = 'রাফি ❤\ufe0f Rafi 👨\u200d👩\u200d👧 🧑🏽\u200d🎤';
    const emojiBuyer = await signUpVerified(path.join(dataDir, 'mail'), name, { prefix: 'emoji' });
    expect((await get('/user/me', emojiBuyer.token)).body.data.name).toBe(name);
    const card = (await get('/store/product/gift-card-500')).body.data as { _id: string; price: number; value: number; name: string };
    const order = await post(
      '/store/order/',
      {
        userId: emojiBuyer.id, product: card._id, name: card.name, value: card.value, price: card.price, quantity: 1, totalPrice: card.price, forMyself: false,
        giftCardFrom: name, giftCardMessage: 'Enjoy!', shippingAddressName: 'নাদিয়া 🏳\ufe0f\u200d🌈', shippingAddressEmail: receiver.email, shippingAddressPhone: '01712345678',
      },
      emojiBuyer.token,
    );
    expect([order.status, order.body.fields]).toEqual([201, undefined]);
    expect(order.body.data).toMatchObject({ giftCardFrom: name, shippingAddress: { name: 'নাদিয়া 🏳\ufe0f\u200d🌈' } });
    // A stray joiner or selector is still refused, by sign-up and by the card alike.
    const stray = await post('/store/order/', { userId: emojiBuyer.id, product: card._id, quantity: 1, totalPrice: card.price, forMyself: false, giftCardFrom: 'Ra\u200dfi\ufe0f', giftCardMessage: 'Enjoy!', shippingAddressName: 'Rina', shippingAddressEmail: receiver.email, shippingAddressPhone: '01712345678' }, emojiBuyer.token);
    expect([stray.status, stray.body.fields?.giftCardFrom]).toEqual([400, expect.any(String)]);
  }, 60_000);

  it('limits wrong codes per user (429 with Retry-After), and a right code never counts', async () => {
    let last = { status: 0, headers: new Headers() } as { status: number; headers: Headers; body?: Json };
    for (let i = 0; i < 11; i++) last = await post(`/store/gift-card/redeem/AAAA-BBBB-CCCC-DDDD-${String(i).padStart(4, '0')}/${buyer.id}`, {}, buyer.token);
    expect(last.status).toBe(429);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
