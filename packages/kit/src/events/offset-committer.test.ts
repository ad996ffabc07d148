import { offsetCommitter } from './kafka';

describe('offsetCommitter (Kafka offsets committed in the background)', () => {
  it('keeps one commit in flight and commits what was handled meanwhile in the next, latest per partition', async () => {
    const sent: string[][] = [];
    let release!: () => void;
    const commits = offsetCommitter(async (offsets) => {
      sent.push(offsets.map((o) => `${o.topic}/${o.partition}@${o.offset}`));
      if (sent.length === 1) await new Promise<void>((resolve) => (release = resolve));
    }, () => {});
    commits.handled('a', 0, '1');
    commits.handled('a', 0, '2');
    commits.handled('a', 1, '7');
    commits.handled('a', 0, '3');
    expect(sent).toEqual([['a/0@1']]);
    release();
    await commits.drain(1000);
    expect(sent).toEqual([['a/0@1'], ['a/0@3', 'a/1@7']]);
  });

  it('logs a failed commit, goes on with the next, and never waits past drain’s limit', async () => {
    const errors: unknown[] = [];
    let fail = true;
    const sent: string[] = [];
    const commits = offsetCommitter(async (offsets) => {
      if (fail) throw new Error('rebalancing');
      sent.push(...offsets.map((o) => o.offset));
    }, (err) => errors.push(err));
    commits.handled('a', 0, '5');
    await commits.drain(1000);
    expect(errors).toHaveLength(1);
    fail = false;
    commits.handled('a', 0, '6');
    await commits.drain(1000);
    expect(sent).toEqual(['6']);

    const stuck = offsetCommitter(() => new Promise<void>(() => {}), () => {});
    stuck.handled('a', 0, '1');
    const t0 = Date.now();
    await stuck.drain(100);
    expect(Date.now() - t0).toBeLessThan(1000);
  });

  it('starts at most one commit per interval under load, the first after a quiet spell at once, and drain does not wait for the interval', async () => {
    jest.useFakeTimers();
    try {
      const sent: { at: number; offsets: string[] }[] = [];
      const t0 = Date.now();
      const commits = offsetCommitter(async (offsets) => {
        sent.push({ at: Date.now() - t0, offsets: offsets.map((o) => o.offset) });
      }, () => {}, 150);
      commits.handled('a', 0, '1'); // quiet before: committed at once
      await jest.advanceTimersByTimeAsync(10);
      expect(sent.map((s) => s.offsets)).toEqual([['1']]);
      for (let offset = 2; offset <= 6; offset++) {
        commits.handled('a', 0, String(offset));
        await jest.advanceTimersByTimeAsync(10);
      }
      expect(sent).toHaveLength(1); // the rest wait for the interval
      await jest.advanceTimersByTimeAsync(200);
      expect(sent.map((s) => s.offsets)).toEqual([['1'], ['6']]);
      expect(sent[1]!.at - sent[0]!.at).toBe(150);

      commits.handled('a', 0, '7');
      commits.handled('a', 1, '3');
      await commits.drain(1000); // resolves without the clock moving: no wait for the interval
      expect(sent.map((s) => s.offsets).at(-1)).toEqual(['7', '3']);
    } finally {
      jest.useRealTimers();
    }
  });
});
