import { TurnsPerKey } from './turns';

describe('TurnsPerKey', () => {
  it('gives each key its own turns in arrival order, and forgets a key once nobody holds or awaits its turn', async () => {
    const turns = new TurnsPerKey(1);
    const granted: string[] = [];
    const take = (key: string, name: string) =>
      turns.take(key).then((giveBack) => {
        granted.push(name);
        return giveBack;
      });
    const a1 = await take('a', 'a1');
    const a2 = take('a', 'a2');
    const a3 = take('a', 'a3');
    const b1 = await take('b', 'b1');
    await new Promise((resolve) => setImmediate(resolve));
    expect(granted).toEqual(['a1', 'b1']);
    expect(turns.keys).toBe(2);
    b1();
    expect(turns.keys).toBe(1);
    a1();
    a1(); // given back twice: the second does nothing, a3 still waits
    (await a2)();
    (await a3)();
    expect(granted).toEqual(['a1', 'b1', 'a2', 'a3']);
    expect(turns.keys).toBe(0);
  });
});
