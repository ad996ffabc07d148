/**
 * Prepared statements shared by every connection to the embedded PostgreSQL (in practice the
 * in-process ones: the socket's handler passes messages one at a time, and those pass unchanged).
 *
 * `pg` sends each parameterised query as an unnamed statement (Parse, Bind, Describe, Execute,
 * Sync), so PGlite parsed and planned it again, in WebAssembly, every time: half of a paid
 * order's CPU in all-in-one was PGlite's (decision 0058). Every connection shares PGlite's one
 * session, and the queue runs one exchange at a time, so the session's prepared statements are
 * known exactly here: a statement text seen a second time is prepared once, under a name of its
 * own, and later exchanges with the same text skip the Parse and bind that name. The client
 * cannot tell: the skipped Parse's ParseComplete is answered here, first, as the database would.
 *
 * Bounded: at most `MAX_PREPARED` statements (one plan each, for the process's life), and only
 * texts seen twice, so one-off texts (an IN list of a new length) never take a place. Only an
 * exchange of exactly one unnamed Parse with the Bind (and Describe) of that statement, ending in
 * Sync, is changed; anything else passes as it came.
 */
export const MAX_PREPARED = 400;
/** Texts seen once, remembered to spot the second sight; forgotten all at once when full. */
const MAX_SEEN = 4_000;

const PARSE = 0x50; // 'P'
const BIND = 0x42; // 'B'
const DESCRIBE = 0x44; // 'D'
const EXECUTE = 0x45; // 'E'
const SYNC = 0x53; // 'S'
const PARSE_COMPLETE = 0x31; // '1'
/** ParseComplete: what the database answers first to a Parse that succeeded. */
export const PARSE_COMPLETE_MESSAGE = new Uint8Array([PARSE_COMPLETE, 0, 0, 0, 4]);

/**
 * A statement that may change a table's or type's shape. A prepared plan whose result columns
 * changed is refused by PostgreSQL ('cached plan must not change result type'), so after one the
 * shared statements are all dropped and prepared again as they come (a start's migrations).
 */
const SCHEMA_CHANGE = /\b(create|alter|drop)\s/i;

/** What to send for an exchange, and what to do around it. */
export interface StatementPlan {
  message: Uint8Array;
  /** The Parse was dropped: answer its ParseComplete before the database's answer. */
  answerParse: boolean;
  /** The exchange prepares this name: call `prepare` if the database answered ParseComplete first. */
  preparing?: { key: string; name: string };
}

const QUERY = 0x51; // 'Q'

interface Message {
  type: number;
  start: number;
  end: number;
}

function messagesOf(burst: Uint8Array): Message[] | null {
  const view = new DataView(burst.buffer, burst.byteOffset, burst.byteLength);
  const messages: Message[] = [];
  for (let at = 0; at < burst.length; ) {
    if (at + 5 > burst.length) return null;
    const end = at + 1 + view.getInt32(at + 1);
    if (end > burst.length || end < at + 5) return null;
    messages.push({ type: burst[at]!, start: at, end });
    at = end;
  }
  return messages;
}

/** The first message after its type and length (a simple query's text; a Parse's name, text and types), as latin1: never the parameters. */
function firstMessageBody(burst: Uint8Array): string {
  const end = Math.min(burst.length, 1 + new DataView(burst.buffer, burst.byteOffset, burst.byteLength).getInt32(1));
  return Buffer.from(burst.buffer, burst.byteOffset + 5, Math.max(0, end - 5)).toString('latin1');
}

/** A Bind, Describe or Parse naming the unnamed statement: the name field (after the type, length and, for a Bind, the portal) is empty. */
function namesUnnamedStatement(burst: Uint8Array, m: Message): boolean {
  if (m.type === PARSE) return burst[m.start + 5] === 0;
  if (m.type === DESCRIBE) return burst[m.start + 5] !== 0x53 /* 'S' */ || burst[m.start + 6] === 0; // a portal, or the unnamed statement
  if (m.type === BIND) {
    const portalEnd = burst.indexOf(0, m.start + 5);
    return portalEnd !== -1 && portalEnd + 1 < m.end && burst[portalEnd + 1] === 0;
  }
  return true;
}

/** The message with the statement name after `nameAt` (an empty one there) set to `name`. */
function withName(burst: Uint8Array, m: Message, nameAt: number, name: Buffer): Buffer {
  const out = Buffer.alloc(m.end - m.start + name.length);
  out[0] = burst[m.start]!;
  out.writeInt32BE(m.end - m.start - 1 + name.length, 1);
  Buffer.from(burst.buffer, burst.byteOffset + m.start + 5, nameAt - m.start - 5).copy(out, 5);
  name.copy(out, nameAt - m.start);
  Buffer.from(burst.buffer, burst.byteOffset + nameAt, m.end - nameAt).copy(out, nameAt - m.start + name.length);
  return out;
}

export class SharedStatements {
  /** Statement (the Parse after its name: text and parameter types) to its prepared name. */
  private readonly prepared = new Map<string, string>();
  private readonly seen = new Set<string>();
  private counter = 0;
  /** A schema change has been sent: drop every shared statement once its exchange has ended. */
  private schemaChanged = false;

  constructor(private readonly maxPrepared = MAX_PREPARED) {}

  get size(): number {
    return this.prepared.size;
  }

  /** What to send for this run of messages (unchanged unless it is one unnamed statement's whole exchange). */
  plan(burst: Uint8Array): StatementPlan {
    const unchanged: StatementPlan = { message: burst, answerParse: false };
    if ((burst[0] !== QUERY && burst[0] !== PARSE) || burst.length < 5) return unchanged;
    const first = firstMessageBody(burst);
    const known = burst[0] === PARSE && first.startsWith('\0') ? this.prepared.get(first.slice(1)) : undefined;
    // A prepared text was looked at when it came first; a schema change is never prepared.
    if (known === undefined && SCHEMA_CHANGE.test(first)) this.schemaChanged = true;
    if (burst[0] !== PARSE || this.schemaChanged) return unchanged;
    const messages = messagesOf(burst);
    if (!messages || messages[messages.length - 1]!.type !== SYNC || !messages.some((m) => m.type === BIND)) return unchanged;
    const shapeIsPlain = messages.every((m, i) =>
      i === 0 ? m.type === PARSE : (m.type === BIND || m.type === DESCRIBE || m.type === EXECUTE || m.type === SYNC) && namesUnnamedStatement(burst, m),
    );
    if (!shapeIsPlain || !namesUnnamedStatement(burst, messages[0]!)) return unchanged;

    const key = first.slice(1); // after the empty name
    if (known === undefined) {
      if (this.prepared.size >= this.maxPrepared) return unchanged;
      if (!this.seen.has(key)) {
        if (this.seen.size >= MAX_SEEN) this.seen.clear();
        this.seen.add(key);
        return unchanged;
      }
    }
    // A new name for each attempt: a Parse whose answer was not seen may still have made its name.
    const name = known ?? `taal_shared_${++this.counter}`;
    const nameBytes = Buffer.from(name, 'latin1');
    const parts: Uint8Array[] = [];
    for (const m of messages) {
      if (m.type === PARSE) {
        if (known === undefined) parts.push(withName(burst, m, m.start + 5, nameBytes));
      } else if (m.type === BIND) {
        parts.push(withName(burst, m, burst.indexOf(0, m.start + 5) + 1, nameBytes));
      } else if (m.type === DESCRIBE && burst[m.start + 5] === 0x53) {
        parts.push(withName(burst, m, m.start + 6, nameBytes));
      } else {
        parts.push(burst.subarray(m.start, m.end));
      }
    }
    const message = Buffer.concat(parts);
    return known !== undefined ? { message, answerParse: true } : { message, answerParse: false, preparing: { key, name } };
  }

  /**
   * The statement to run, once an exchange has ended, to drop every shared statement after a schema
   * change (forgotten here at once: should it fail, in a failed transaction, the old names are
   * merely never bound again), or null.
   */
  takeDeallocation(): string | null {
    if (!this.schemaChanged) return null;
    this.schemaChanged = false;
    if (this.prepared.size === 0) return null;
    this.prepared.clear();
    return 'DEALLOCATE ALL';
  }

  /** The database answered the Parse of `preparing`: later exchanges bind the name. */
  prepare(preparing: { key: string; name: string }): void {
    this.seen.delete(preparing.key);
    this.prepared.set(preparing.key, preparing.name);
  }
}
