import { refusalKeyOf } from '@taal/kit';
import { SearchGate } from './search-gate';

/** A piece of work that runs until `finish()`, and records when it started. */
function task(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((r) => (finish = r));
  return { run: async () => void (log.push(name), await done, name), finish };
}

const outcome = <T>(p: Promise<T>) => p.then((v) => `ok ${String(v)}`, (err: unknown) => refusalKeyOf(err) ?? String(err));

describe('SearchGate (decision 0038)', () => {
  it('runs at most `concurrency` at once, hands the turn on in arrival order, and refuses SEARCH_BUSY past the wait', async () => {
    jest.useFakeTimers();
    try {
      const log: string[] = [];
      const gate = new SearchGate(1, 100);
      const [a, b, c] = [task(log, 'a'), task(log, 'b'), task(log, 'c')];
      const runs = [outcome(gate.run(a.run)), outcome(gate.run(b.run)), outcome(gate.run(c.run))];
      await jest.advanceTimersByTimeAsync(50);
      expect(log).toEqual(['a']);
      a.finish();
      await jest.advanceTimersByTimeAsync(10);
      expect(log).toEqual(['a', 'b']);
      // c has waited its 100 ms behind b.
      await jest.advanceTimersByTimeAsync(100);
      b.finish();
      c.finish();
      expect(await Promise.all(runs)).toEqual(['ok undefined', 'ok undefined', 'SEARCH_BUSY']);
      expect(gate.busy).toBe(0);
    } finally {
      jest.useRealTimers();
    }
  });

  it('refuses at once without a wait; a failed search frees its turn; concurrency 0 runs everything', async () => {
    const gate = new SearchGate(1, 0);
    const log: string[] = [];
    const a = task(log, 'a');
    const running = outcome(gate.run(a.run));
    expect(await outcome(gate.run(async () => 'b'))).toBe('SEARCH_BUSY');
    a.finish();
    await running;
    expect(await outcome(gate.run(() => Promise.reject(new Error('boom'))))).toBe('Error: boom');
    expect(await outcome(gate.run(async () => 'c'))).toBe('ok c');
    const open = new SearchGate(0, 0);
    const held = task(log, 'held');
    const first = open.run(held.run);
    expect(await outcome(open.run(async () => 'd'))).toBe('ok d');
    held.finish();
    await first;
  });
});
