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

    it('stores a stream of unknown length larger than several upload parts, byte for byte', async () => {
      const key = k('videos/long.mp4');
      // 13 MB in 1 MB pieces: S3 gets it as a multipart upload of 5 MB parts.
      const pieces = Array.from({ length: 13 }, () => randomBytes(1024 * 1024));
      const stored = await store.put(key, Readable.from(pieces), 'video/mp4');
      expect(stored).toEqual({ key, size: 13 * 1024 * 1024, contentType: 'video/mp4' });
      const got = await store.get(key);
      expect((await readAll(got!.body)).equals(Buffer.concat(pieces))).toBe(true);
      await store.delete(key);
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
        await expect(store.getRange(bad, 0, 0)).rejects.toThrow(/Invalid file key/);
        await expect(store.delete(bad)).rejects.toThrow(/Invalid file key/);
      }
    });

    describe('ranged reads', () => {
      const body = randomBytes(300_000);
      const key = k('video/ranged.mp4');
      const stored = { key, size: body.length, contentType: 'video/mp4' };

      beforeAll(async () => {
        await store.put(key, body, 'video/mp4');
      });
      afterAll(async () => {
        await Promise.all([store.delete(key), store.delete(k('video/empty.mp4'))]);
      });

      const range = async (start: number, end: number) => {
        const got = await store.getRange(key, start, end);
        expect(got).not.toBeNull();
        return { file: got!.file, bytes: await readAll(got!.body) };
      };

      it('returns exactly the bytes start..end inclusive at the start, middle and end, with the full size', async () => {
        for (const [start, end] of [
          [0, 0],
          [0, 1023],
          [1, 65_536],
          [123_457, 200_001],
          [150_000, 150_000],
          [body.length - 4096, body.length - 1],
          [body.length - 1, body.length - 1],
          [0, body.length - 1],
        ] as const) {
          const { file, bytes } = await range(start, end);
          expect(file).toEqual(stored);
          expect(bytes.length).toBe(end - start + 1);
          expect(bytes.equals(body.subarray(start, end + 1))).toBe(true);
        }
      });

      it('clamps an end beyond the size to the last byte', async () => {
        let got = await range(body.length - 10, body.length + 10_000);
        expect(got.file.size).toBe(body.length);
        expect(got.bytes.equals(body.subarray(body.length - 10))).toBe(true);
        got = await range(1000, Number.MAX_SAFE_INTEGER);
        expect(got.bytes.equals(body.subarray(1000))).toBe(true);
        got = await range(body.length - 1, body.length);
        expect(got.bytes.equals(body.subarray(body.length - 1))).toBe(true);
      });

      it('refuses a start at or beyond the size, start > end, a negative start and non-integers', async () => {
        await expect(store.getRange(key, body.length, body.length)).rejects.toThrow(RangeError);
        await expect(store.getRange(key, body.length, body.length + 100)).rejects.toThrow(RangeError);
        await expect(store.getRange(key, body.length + 5000, body.length + 9000)).rejects.toThrow(RangeError);
        await expect(store.getRange(key, 10, 9)).rejects.toThrow(RangeError);
        await expect(store.getRange(key, 200_000, 100)).rejects.toThrow(RangeError);
        await expect(store.getRange(key, -1, 10)).rejects.toThrow(RangeError);
        await expect(store.getRange(key, 0.5, 10)).rejects.toThrow(RangeError);
        await expect(store.getRange(key, 0, Number.NaN)).rejects.toThrow(RangeError);
        // The refused reads left the file readable and unchanged.
        expect((await range(0, body.length - 1)).bytes.equals(body)).toBe(true);
      });

      it('refuses every range of an empty file', async () => {
        const empty = k('video/empty.mp4');
        await store.put(empty, Buffer.alloc(0), 'video/mp4');
        await expect(store.getRange(empty, 0, 0)).rejects.toThrow(RangeError);
        await expect(store.getRange(empty, 0, 100)).rejects.toThrow(RangeError);
      });

      it('returns null for an unknown key, and still refuses start > end for it', async () => {
        expect(await store.getRange(k('video/nope.mp4'), 0, 10)).toBeNull();
        await expect(store.getRange(k('video/nope.mp4'), 10, 0)).rejects.toThrow(RangeError);
      });

      it('streams only the asked range of a larger file', async () => {
        const large = k('video/large.mp4');
        const chunks = Array.from({ length: 64 }, () => randomBytes(64 * 1024)); // 4 MiB
        const whole = Buffer.concat(chunks);
        await store.put(large, Readable.from(chunks), 'video/mp4');

        const start = 2 * 1024 * 1024 + 333;
        const end = start + 1023;
        const got = await store.getRange(large, start, end);
        expect(got?.file).toEqual({ key: large, size: whole.length, contentType: 'video/mp4' });
        expect(got!.body).toBeInstanceOf(Readable);
        expect(got!.body.readableEnded).toBe(false);
        let count = 0;
        const seen: Buffer[] = [];
        for await (const chunk of got!.body) {
          const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
          count += b.length;
          seen.push(b);
        }
        expect(count).toBe(1024);
        expect(Buffer.concat(seen).equals(whole.subarray(start, end + 1))).toBe(true);
        await store.delete(large);
      });

      it('lets a reader stop early (client gone) without breaking later reads or deletes', async () => {
        const other = k('video/early-stop.mp4');
        await store.put(other, body, 'video/mp4');
        const got = await store.getRange(other, 0, body.length - 1);
        const closed = new Promise((resolve) => got!.body.once('close', resolve));
        got!.body.destroy();
        await closed;
        expect((await range(100, 199)).bytes.equals(body.subarray(100, 200))).toBe(true);
        await store.delete(other);
        expect(await store.getRange(other, 0, 0)).toBeNull();
      });
    });
  });
}
