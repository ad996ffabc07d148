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
});
