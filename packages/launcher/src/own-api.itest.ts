/**
 * Issue 52 (decision 0092): in cluster mode commerce serves its own API on its own port, and the
 * gateway only routes. Each answer a student or an admin gets through the gateway is the one
 * commerce's port gives; the gateway documents commerce's routes from commerce's own document, keeps
 * its edge duties (401 before forwarding, the revoked session refused), and answers 503 JSON, never
 * 404, while commerce is away, and serves the routes again once it is back.
 */
import { gatewayApi } from '../../../tools/testing/gateway-api';
import { startTestCluster, isAlive, type TestCluster } from '../../../tools/testing/cluster';
import { freePort, waitFor } from '../../../tools/testing/wait';

describe('a service serving its own API behind the gateway (cluster mode)', () => {
  let cluster: TestCluster;
  let commercePort: number;
  const edge = gatewayApi(() => cluster.base);
  const commerce = gatewayApi(() => `http://127.0.0.1:${commercePort}`);

  beforeAll(async () => {
    commercePort = await freePort();
    // Every service serves its own API (the default): their routes call their use cases in their own processes.
    cluster = await startTestCluster({ COMMERCE_API_PORT: String(commercePort) });
  }, 180_000);
  afterAll(async () => {
    await cluster?.stop();
  }, 30_000);

  it('publishes its route table on its own port, and the gateway documents the routes from it', async () => {
    const table = (await (await fetch(`http://127.0.0.1:${commercePort}/_taal/routes`)).json()) as { service: string; routes: { method: string; path: string; auth?: string }[] };
    expect(table.service).toBe('commerce');
    expect(table.routes).toEqual(expect.arrayContaining([expect.objectContaining({ method: 'get', path: '/wallet/{userId}', auth: 'required' })]));
    // The table is not public: the gateway never forwards it.
    expect((await fetch(`${cluster.base}/_taal/routes`)).status).toBe(404);
    const document = (await (await fetch(`${cluster.base}/api/v1/openapi.json`)).json()) as { paths: Record<string, unknown> };
    const own = (await (await fetch(`http://127.0.0.1:${commercePort}/api/v1/openapi.json`)).json()) as { paths: Record<string, unknown> };
    for (const route of table.routes) expect(document.paths[`/api/v1${route.path}`]).toEqual(own.paths[`/api/v1${route.path}`]);
    // And the gateway's own routes (identity's, here) are documented beside them.
    expect(document.paths['/api/v1/user/login/']).toBeDefined();
  });

  it("answers a student's and an admin's commerce calls through the gateway as commerce's own port does", async () => {
    const student = await edge.login('student@taal.local', 'student123');
    const admin = await edge.login('admin@taal.local', 'admin123');
    const wallet = await edge.get(`/wallet/${student.id}`, student.token);
    expect(wallet.status).toBe(200);
    expect((await commerce.get(`/wallet/${student.id}`, student.token)).body).toEqual(wallet.body);
    const orders = await edge.get('/order/page?limit=5', admin.token);
    expect(orders.status).toBe(200);
    expect((await commerce.get('/order/page?limit=5', admin.token)).body).toEqual(orders.body);
    // The role is commerce's to check; the same refusal either way.
    const refused = await edge.get('/order/page?limit=5', student.token);
    expect(refused).toMatchObject({ status: 403, body: { reason: 'PERMISSION_DENIED' } });
    expect((await commerce.get('/order/page?limit=5', student.token)).body).toEqual(refused.body);
    // A write's JSON body reaches commerce whole, and its refusal comes back whole (the course is not for sale).
    const notACourse = await edge.post('/cart/', { user: student.id, course: '00000000-0000-4000-8000-000000000000' }, student.token);
        expect(notACourse.status).toBeGreaterThanOrEqual(400);
    expect(notACourse.status).toBeLessThan(500);
    expect(notACourse.body.reason).toBeDefined();
    // A write that succeeds, and the caller's next read shows it (the edge's signed-in copy was let go).
    const before = await edge.get(`/cart/${student.id}`, student.token);
    expect(before.status).toBe(200);
    const course = ((await edge.get('/course/')).body.data as { _id: string }[])[0]!._id;
    const added = await edge.post('/cart/', { user: student.id, course, tier: 'silver' }, student.token);
    expect(added.status).toBe(200);
    const after = await edge.get(`/cart/${student.id}`, student.token);
    expect(JSON.stringify(after.body.data)).toContain(course);
    expect(after.body).toEqual((await commerce.get(`/cart/${student.id}`, student.token)).body);
    // No token: the edge refuses before forwarding, with the same 401 as always.
    expect(await edge.get(`/wallet/${student.id}`)).toMatchObject({ status: 401, body: { reason: 'LOGIN_FIRST' } });
  });

  it('refuses a logged-out session at once, though commerce serves the route', async () => {
    const student = await edge.login('student@taal.local', 'student123');
    expect((await edge.get(`/wallet/${student.id}`, student.token)).status).toBe(200);
    expect((await edge.post('/user/logout', {}, student.token)).status).toBe(200);
    await waitFor(async () => (await edge.get(`/wallet/${student.id}`, student.token)).status === 401, 'the logged-out session to be refused', { timeoutMs: 2000 });
  });

  it('answers 503 JSON, not 404, while commerce is away, and serves its routes again once it is back', async () => {
    const admin = await edge.login('admin@taal.local', 'admin123');
    const pid = cluster.pidOf('commerce');
    process.kill(pid, 'SIGKILL');
    await waitFor(async () => !isAlive(pid), 'commerce to die');
    // The admin's order page (the student's wallet would be answered from the edge's signed-in copy).
    const away = await edge.get('/order/page?limit=5', admin.token);
    expect([503, 504]).toContain(away.status);
    expect(away.body.success).toBe(false);
    await waitFor(async () => (await edge.get('/order/page?limit=5', admin.token)).status === 200, 'commerce to be back', { timeoutMs: 60_000, context: () => cluster.output() });
  }, 90_000);
});
