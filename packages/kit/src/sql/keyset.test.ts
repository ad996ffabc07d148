import { decodeCursor, encodeCursor, keysetPage, pageSizeOf, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './keyset';
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
