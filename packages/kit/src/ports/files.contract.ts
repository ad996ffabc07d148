import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FileStore } from './files';

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

/** Behaviour every FileStore adapter must have. The factory may throw (e.g. missing settings): tests then fail. */
export function describeFileStoreContract(name: string, factory: () => FileStore | Promise<FileStore>): void {
  describe(`FileStore contract: ${name}`, () => {
    let store: FileStore;
    const prefix = `taal-test/${randomUUID()}/`;
    const k = (key: string) => prefix + key;

    beforeAll(async () => {
      store = await factory();
    });

    it('puts, stats, gets and deletes a file', async () => {
      const key = k('courses/42/notes.txt');
      const stored = await store.put(key, Buffer.from('hello, taal'), 'text/plain; charset=utf-8');
      expect(stored).toEqual({ key, size: 11, contentType: 'text/plain; charset=utf-8' });
      expect(await store.stat(key)).toEqual(stored);

      const got = await store.get(key);
      expect(got?.file).toEqual(stored);
      expect((await readAll(got!.body)).toString()).toBe('hello, taal');

      await store.delete(key);
      expect(await store.stat(key)).toBeNull();
      expect(await store.get(key)).toBeNull();
    });

    it('returns null for missing keys and deletes them without error', async () => {
      expect(await store.get(k('nope.bin'))).toBeNull();
      expect(await store.stat(k('nope.bin'))).toBeNull();
      await store.delete(k('nope.bin'));
    });

    it('round-trips binary content exactly', async () => {
      const key = k('media/blob.bin');
      const body = Buffer.concat([
        Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
        randomBytes(300_000),
      ]);
      await store.put(key, body, 'application/octet-stream');
      const got = await store.get(key);
      expect(got?.file.size).toBe(body.length);
      expect((await readAll(got!.body)).equals(body)).toBe(true);
    });

    it('accepts a stream body of unknown length', async () => {
      const key = k('media/streamed.png');
      const parts = [randomBytes(1000), randomBytes(70_000), Buffer.from('end')];
      const stored = await store.put(key, Readable.from(parts), 'image/png');
      expect(stored).toEqual({ key, size: 71_003, contentType: 'image/png' });
      const got = await store.get(key);
      expect((await readAll(got!.body)).equals(Buffer.concat(parts))).toBe(true);
      expect(got?.file.contentType).toBe('image/png');
    });

    it('overwrites content and content type', async () => {
      const key = k('cover');
      await store.put(key, Buffer.from('<svg/>'), 'image/svg+xml');
      await store.put(key, Buffer.from('jpeg bytes'), 'image/jpeg');
      expect(await store.stat(key)).toEqual({ key, size: 10, contentType: 'image/jpeg' });
    });

    it('stores an empty file', async () => {
      const key = k('empty.txt');
      expect(await store.put(key, Buffer.alloc(0), 'text/plain')).toEqual({
        key,
        size: 0,
        contentType: 'text/plain',
      });
      const got = await store.get(key);
      expect((await readAll(got!.body)).length).toBe(0);
    });

    it('refuses keys that could escape the store', async () => {
      for (const bad of [
        '../escape.txt',
        `${prefix}../../../escape.txt`,
        `${prefix}./x`,
        '/etc/passwd',
        'a\0b',
        'a\\..\\b',
        'double//slash',
        '',
      ]) {
        await expect(store.put(bad, Buffer.from('x'), 'text/plain')).rejects.toThrow(/Invalid file key/);
        await expect(store.get(bad)).rejects.toThrow(/Invalid file key/);
        await expect(store.stat(bad)).rejects.toThrow(/Invalid file key/);
        await expect(store.delete(bad)).rejects.toThrow(/Invalid file key/);
      }
    });
  });
}
