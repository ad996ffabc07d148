import { keptFor } from './kept';

describe('keptFor: another service’s facts, kept a while', () => {
  afterEach(() => jest.useRealTimers());

  it('asks once per key while kept, and again after keepMs', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const asked: string[] = [];
    const title = keptFor(60_000, async (id: string) => (asked.push(id), `course ${id}`));
    expect(await Promise.all([title('a'), title('a'), title('b')])).toEqual(['course a', 'course a', 'course b']);
    expect(await title('a')).toBe('course a');
    expect(asked).toEqual(['a', 'b']);
    jest.setSystemTime(1_000_000 + 60_001);
    expect(await title('a')).toBe('course a');
    expect(asked).toEqual(['a', 'b', 'a']);
  });

  it('keeps neither a miss nor a failure: the next ask looks again', async () => {
    let created = false;
    let down = true;
    const asked: string[] = [];
    const course = keptFor(60_000, async (id: string) => {
      asked.push(id);
      if (down) throw new Error('catalogue unavailable');
      return created ? { id } : null;
    });
    await expect(course('x')).rejects.toThrow('catalogue unavailable');
    down = false;
    expect(await course('x')).toBeNull();
    created = true;
    expect(await course('x')).toEqual({ id: 'x' });
    expect(await course('x')).toEqual({ id: 'x' });
    expect(asked).toEqual(['x', 'x', 'x']);
  });

  it('holds at most maxEntries keys, dropping the oldest', async () => {
    const asked: number[] = [];
    const look = keptFor(60_000, async (n: number) => (asked.push(n), n * 2), 2);
    await look(1);
    await look(2);
    await look(3); // 1 goes
    await look(2);
    await look(1);
    expect(asked).toEqual([1, 2, 3, 1]);
  });
});
