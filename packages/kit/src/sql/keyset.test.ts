import { decodeCursor, decodeKeysCursor, encodeCursor, encodeKeysCursor, keysetOrdered, keysetPage, keysetPageBy, pageSizeOf, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './keyset';
import { refusalKeyOf } from '../grpc/errors';

const position = { at: '2026-11-27 18:41:47.123456+00', id: 'a1b2' };
const refusedWith = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return refusalKeyOf(err);
  }
  return 'accepted';
};

describe('keyset cursors', () => {
  it('round-trip a position, opaque and URL-safe', () => {
    const cursor = encodeCursor('users', position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor('users', cursor)).toEqual(position);
    expect(decodeCursor('users', '')).toBeNull();
  });

  it('refuse an edited, cut, foreign or malformed cursor with INVALID_CURSOR', () => {
    const cursor = encodeCursor('users', position);
    const edited = Buffer.from(Buffer.from(cursor, 'base64url').toString().replace('a1b2', 'a1b3')).toString('base64url');
    for (const bad of [edited, cursor.slice(0, -3), 'not a cursor', 'eyJ4Ijox', Buffer.from('[1,2,3,4]').toString('base64url'), 'A'.repeat(600)]) {
      expect(refusedWith(() => decodeCursor('users', bad))).toBe('INVALID_CURSOR');
    }
    expect(refusedWith(() => decodeCursor('orders', cursor))).toBe('INVALID_CURSOR');
  });

  it('bound the page size and say whether a next page exists', () => {
    expect([pageSizeOf(undefined), pageSizeOf(0), pageSizeOf(5), pageSizeOf(10_000)]).toEqual([PAGE_SIZE_DEFAULT, PAGE_SIZE_DEFAULT, 5, PAGE_SIZE_MAX]);
    const rows = [1, 2, 3].map((n) => ({ id: `id${n}`, cursor_at: `2026-01-0${n} 00:00:00.5+00` }));
    expect(keysetPage('users', rows, 3)).toEqual({ items: rows, next: '' });
    const page = keysetPage('users', rows, 2);
    expect(page.items).toEqual(rows.slice(0, 2));
    expect(decodeCursor('users', page.next)).toEqual({ at: rows[1]!.cursor_at, id: 'id2' });
  });
});

describe('keyset cursors in another order (decision 0078)', () => {
  const byRating = { keys: [{ column: 'rating_rank', type: 'integer' }, { column: 'rating_count', type: 'integer' }], direction: 'desc' } as const;
  const byPrice = { keys: [{ column: 'price', type: 'bigint' }], direction: 'asc' } as const;

  it('round-trip the keys and id; refuse an edited key, another order or another list', () => {
    const cursor = encodeKeysCursor('courses:rating', { keys: ['4500', '12'], id: 'c-1' });
    expect(decodeKeysCursor('courses:rating', byRating, cursor)).toEqual({ keys: ['4500', '12'], id: 'c-1' });
    const edited = Buffer.from(Buffer.from(cursor, 'base64url').toString().replace('4500', '4999')).toString('base64url');
    expect(refusedWith(() => decodeKeysCursor('courses:rating', byRating, edited))).toBe('INVALID_CURSOR');
    expect(refusedWith(() => decodeKeysCursor('courses:price', byPrice, cursor))).toBe('INVALID_CURSOR');
    expect(refusedWith(() => decodeKeysCursor('courses:rating', byPrice, cursor))).toBe('INVALID_CURSOR');
    const notANumber = encodeKeysCursor('courses:price', { keys: ['1; DROP'], id: 'c-1' });
    expect(refusedWith(() => decodeKeysCursor('courses:price', byPrice, notANumber))).toBe('INVALID_CURSOR');
  });

  it('write one row comparison in the order’s direction, and the next cursor from the last row kept', () => {
    expect(keysetOrdered(byPrice, { keys: ['100'], id: 'c-1' }, 3, 20)).toEqual({
      where: '(price, id) > ($3::bigint, $4::text)',
      orderBy: 'ORDER BY price ASC, id ASC',
      limitSql: 'LIMIT $5::int',
      params: ['100', 'c-1', 21],
    });
    expect(keysetOrdered(byRating, null, 1, 5).where).toBe('($1::integer IS NULL AND $2::integer IS NULL AND $3::text IS NULL)');
    const rows = [1, 2, 3].map((n) => ({ id: `c-${n}`, cursor_k0: String(n * 100) }));
    const page = keysetPageBy('courses:price', byPrice, rows, 2);
    expect(page.items).toHaveLength(2);
    expect(decodeKeysCursor('courses:price', byPrice, page.next)).toEqual({ keys: ['200'], id: 'c-2' });
    expect(keysetPageBy('courses:price', byPrice, rows, 3).next).toBe('');
  });
});
