import type { Response } from 'express';
import { collectPages, linkNext, pageQuery, PAGE_SIZE_MAX } from './pages';

const reader = (total: number) => {
  const calls: { cursor: string; limit: number }[] = [];
  const read = async (cursor: string, limit: number) => {
    calls.push({ cursor, limit });
    const from = cursor ? Number(cursor) : 0;
    const items = Array.from({ length: Math.max(0, Math.min(limit, total - from)) }, (_, i) => from + i);
    return { items, next: from + items.length < total ? String(from + items.length) : '' };
  };
  return { read, calls };
};

describe('the spec’s all-lists up to a bound', () => {
  it('read pages of at most PAGE_SIZE_MAX until the bound, and say where the rest is', async () => {
    const { read, calls } = reader(1234);
    const { items, next } = await collectPages(250, read);
    expect(items).toEqual(Array.from({ length: 250 }, (_, i) => i));
    expect(next).toBe('250');
    expect(calls.map((c) => c.limit)).toEqual([PAGE_SIZE_MAX, PAGE_SIZE_MAX, 50]);
    const headers: Record<string, string> = {};
    linkNext({ setHeader: (k: string, v: string) => (headers[k] = v) } as unknown as Response, '/api/v1/user/page', { type: 'student' }, next);
    expect(headers.Link).toBe('</api/v1/user/page?type=student&cursor=250>; rel="next"');
  });

  it('stop at the end with no next and no Link', async () => {
    const { read } = reader(30);
    expect(await collectPages(1000, read)).toEqual({ items: Array.from({ length: 30 }, (_, i) => i), next: '' });
    const headers: Record<string, string> = {};
    linkNext({ setHeader: (k: string, v: string) => (headers[k] = v) } as unknown as Response, '/x', {}, '');
    expect(headers).toEqual({});
  });

  it('take page sizes 1 to 100 only', () => {
    const ok = (v: string) => pageQuery.limit!.schema.safeParse(v).success;
    expect(['1', '9', '10', '99', '100'].every(ok)).toBe(true);
    expect(['0', '01', '101', '999', '', '-1', '1.5'].some(ok)).toBe(false);
  });
});
