/**
 * First-come, first-served turns: at most `atOnce` holders at a time, the others wait in arrival
 * order. Used to bound CPU work on the event loop, so a burst of it cannot starve every other
 * request at once: PDF renderings per process, one user's document reads per replica (decision 0065).
 */
export class Turns {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly atOnce: number) {}

  /** Waits for a turn; the function returned gives it back (calling it again does nothing). */
  async take(): Promise<() => void> {
    if (this.running >= this.atOnce) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const next = this.waiting.shift();
      // The turn passes straight to the next in line (running stays the same), or is freed.
      if (next) next();
      else this.running -= 1;
    };
  }

  /** Holders running and waiting (for tests and metrics). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}

/** Turns of their own for each key (e.g. a user), forgotten once nobody holds or waits for them. */
export class TurnsPerKey {
  private readonly byKey = new Map<string, Turns>();

  constructor(private readonly atOnce: number) {}

  async take(key: string): Promise<() => void> {
    let turns = this.byKey.get(key);
    if (!turns) this.byKey.set(key, (turns = new Turns(this.atOnce)));
    const giveBack = await turns.take();
    return () => {
      giveBack();
      const { running, waiting } = turns.load;
      if (running === 0 && waiting === 0 && this.byKey.get(key) === turns) this.byKey.delete(key);
    };
  }

  /** Keys with a turn held or awaited (for tests). */
  get keys(): number {
    return this.byKey.size;
  }
}
