import { processSharedServer } from './process-shared';

function fakeServer() {
  const server = { stops: 0, async close() { server.stops += 1; } };
  return server;
}

test('one server per folder: joined while held, stopped by the last close, another folder refused', async () => {
  const join = processSharedServer<ReturnType<typeof fakeServer>>('test server');
  const made = fakeServer();
  const start = jest.fn(async () => made);
  const [a, b] = await Promise.all([join('/data', start), join('/data', start)]);
  expect(start).toHaveBeenCalledTimes(1);
  expect(a.server).toBe(b.server);
  await expect(join('/other', start)).rejects.toThrow('test server already running on /data; one per process (asked for /other)');
  await a.close();
  await a.close(); // a second close of one handle does not count twice
  expect(made.stops).toBe(0);
  await b.close();
  expect(made.stops).toBe(1);
  // Stopped: the next caller starts a new one, in any folder.
  const c = await join('/other', async () => fakeServer());
  expect(c.server).not.toBe(made);
  await c.close();
});

test('a start that failed is forgotten: the next caller starts again', async () => {
  const join = processSharedServer<ReturnType<typeof fakeServer>>('test server');
  await expect(join('/data', async () => Promise.reject(new Error('disk full')))).rejects.toThrow('disk full');
  const d = await join('/data', async () => fakeServer());
  await d.close();
  expect(d.server.stops).toBe(1);
});
