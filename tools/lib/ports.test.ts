// tools/lib/ports.sh: a server's fixed port that an outgoing connection holds as its source port
// cannot be bound (a CI run's Kafka failed so); tools/infra/up and tools/k8s/up wait it out.
import { execFileSync, spawn } from 'node:child_process';
import net from 'node:net';
import { join } from 'node:path';
import { freePort } from '../testing/wait';

const portsScript = join(__dirname, 'ports.sh');

function listen(port: number): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

const close = (server: net.Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/** A connection to `server` (its source port picked by the kernel) and the server's side of it. */
async function connectTo(server: net.Server): Promise<{ client: net.Socket; serverSide: net.Socket }> {
  const accepted = new Promise<net.Socket>((resolve) => server.once('connection', resolve));
  const client = net.connect({ host: '127.0.0.1', port: (server.address() as net.AddressInfo).port });
  await new Promise<void>((resolve) => client.once('connect', () => resolve()));
  return { client, serverSide: await accepted };
}

/** The server's side closes first, so the TIME_WAIT is on the server's port and the client's is let go. */
async function closeFromServerSide({ client, serverSide }: { client: net.Socket; serverSide: net.Socket }): Promise<void> {
  const clientClosed = new Promise((resolve) => client.once('close', resolve));
  client.on('end', () => client.end());
  serverSide.end();
  await clientClosed;
}

function waitPortBindable(port: number): { exited: Promise<number | null>; hasExited: () => boolean } {
  const child = spawn('bash', ['-c', `source "${portsScript}"; wait_port_bindable 127.0.0.1 ${port} test`], { stdio: 'ignore' });
  let done = false;
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      done = true;
      resolve(code);
    }),
  );
  return { exited, hasExited: () => done };
}

test('a port held as a connection source port cannot be bound, and wait_port_bindable returns once it is let go', async () => {
  const server = await listen(0);
  // The kernel picks the source port, as it did for the connection that held Kafka's port.
  const connection = await connectTo(server);
  const { client, serverSide } = connection;
  const sourcePort = client.localPort!;
  try {
    // What the CI run met: nothing listens on the port, yet the bind is refused.
    await expect(listen(sourcePort)).rejects.toMatchObject({ code: 'EADDRINUSE' });

    const wait = waitPortBindable(sourcePort);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(wait.hasExited()).toBe(false);

    await closeFromServerSide(connection);
    expect(await wait.exited).toBe(0);
    await close(await listen(sourcePort));
  } finally {
    client.destroy();
    serverSide.destroy();
    await close(server);
  }
}, 20_000);

test('wait_port_bindable returns at once for a port nothing holds', async () => {
  const wait = waitPortBindable(await freePort());
  expect(await wait.exited).toBe(0);
});

test("a server's own connections left in TIME_WAIT do not hold up its restart", async () => {
  const port = await freePort();
  const server = await listen(port);
  // As a stopped server does, it closes first: the TIME_WAIT is on its port.
  await closeFromServerSide(await connectTo(server));
  await close(server);
  expect(execFileSync('ss', ['-tanH', 'state', 'time-wait', `( sport = :${port} )`], { encoding: 'utf8' })).toContain(`127.0.0.1:${port}`);
  const started = Date.now();
  expect(await waitPortBindable(port).exited).toBe(0);
  expect(Date.now() - started).toBeLessThan(1000 * 5);
});
