import { createLogger } from '../log';
import { startPeriodicJob } from './periodic';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('startPeriodicJob', () => {
  it('runs on its interval without overlapping, survives a failed run, and stop waits for the run in flight', async () => {
    let active = 0;
    let maxActive = 0;
    let runs = 0;
    let failNext = false;
    const job = startPeriodicJob({
      name: 'test job',
      intervalMs: 20,
      firstRunMs: 5,
      logger: createLogger('periodic-test', 'silent'),
      run: async () => {
        runs += 1;
        active += 1;
        maxActive = Math.max(maxActive, active);
        await sleep(15);
        active -= 1;
        if (failNext) {
          failNext = false;
          throw new Error('transient');
        }
        return runs;
      },
    });
    // Asked for while the timer also fires: the runs queue instead of overlapping.
    const asked = await Promise.all([job.runOnce(), job.runOnce()]);
    const beforeFailure = runs;
    failNext = true; // the next timer run fails
    await sleep(150);
    await job.stop();
    const after = runs;
    await sleep(60);
    expect(asked.every((n) => typeof n === 'number')).toBe(true);
    expect(maxActive).toBe(1);
    expect(failNext).toBe(false); // a run failed...
    expect(runs).toBeGreaterThanOrEqual(beforeFailure + 2); // ...and the timer went on after it
    expect(runs).toBe(after); // nothing after stop
    expect(active).toBe(0);
  });
});
