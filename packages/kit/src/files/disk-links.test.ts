/**
 * Issue 36 (decision 0037): the local-disk file store follows no link out of its root. A linked
 * file, or a file in a linked folder, reads as missing (get, getRange, stat); a write or delete
 * through a linked folder is refused and touches nothing outside; a linked sidecar gives no content
 * type from elsewhere. A root that is itself a link (the operator's choice of place) still works.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDiskFileStore, type DiskFileStore } from './disk';

const read = async (body: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
};

describe('disk file store and links', () => {
  let work: string;
  let root: string;
  let outside: string;
  let store: DiskFileStore;

  beforeEach(async () => {
    work = mkdtempSync(path.join(os.tmpdir(), 'taal-files-links-'));
    root = path.join(work, 'files');
    outside = path.join(work, 'outside');
    mkdirSync(outside);
    writeFileSync(path.join(outside, 'secret.mp4'), 'outside bytes');
    writeFileSync(path.join(outside, 'type.json'), JSON.stringify({ contentType: 'text/x-from-outside' }));
    store = createDiskFileStore(root);
    await store.put('videos/real.mp4', Buffer.from('inside bytes'), 'video/mp4');
  });
  afterEach(() => rmSync(work, { recursive: true, force: true }));

  it('serves its own files', async () => {
    expect(await read((await store.get('videos/real.mp4'))!.body)).toBe('inside bytes');
    expect(await read((await store.getRange('videos/real.mp4', 0, 5))!.body)).toBe('inside');
    expect(await store.stat('videos/real.mp4')).toEqual({ key: 'videos/real.mp4', size: 12, contentType: 'video/mp4' });
  });

  it('reads a linked file as missing', async () => {
    symlinkSync(path.join(outside, 'secret.mp4'), path.join(root, 'objects', 'videos', 'linked.mp4'));
    expect(await store.get('videos/linked.mp4')).toBeNull();
    expect(await store.getRange('videos/linked.mp4', 0, 3)).toBeNull();
    expect(await store.stat('videos/linked.mp4')).toBeNull();
  });

  it('reads a file in a linked folder as missing', async () => {
    symlinkSync(outside, path.join(root, 'objects', 'linked'));
    expect(await store.get('linked/secret.mp4')).toBeNull();
    expect(await store.getRange('linked/secret.mp4', 0, 3)).toBeNull();
    expect(await store.stat('linked/secret.mp4')).toBeNull();
  });

  it('writes and deletes nothing through a linked folder', async () => {
    symlinkSync(outside, path.join(root, 'objects', 'linked'));
    await expect(store.put('linked/planted.mp4', Buffer.from('x'), 'video/mp4')).rejects.toThrow(/through a link/);
    await expect(store.put('linked/deeper/planted.mp4', Buffer.from('x'), 'video/mp4')).rejects.toThrow(/through a link/);
    await expect(store.delete('linked/secret.mp4')).rejects.toThrow(/through a link/);
    expect(readdirSync(outside).sort()).toEqual(['secret.mp4', 'type.json']);
    expect(readdirSync(path.join(root, 'tmp'))).toEqual([]);
  });

  it('takes no content type from a linked sidecar', async () => {
    const sidecar = path.join(root, 'meta', 'videos', 'real.mp4.json');
    rmSync(sidecar);
    symlinkSync(path.join(outside, 'type.json'), sidecar);
    expect((await store.stat('videos/real.mp4'))?.contentType).toBe('application/octet-stream');
  });

  it('works from a root that is itself a link', async () => {
    const linkedRoot = path.join(work, 'files-link');
    symlinkSync(root, linkedRoot);
    const viaLink = createDiskFileStore(linkedRoot);
    expect(await read((await viaLink.get('videos/real.mp4'))!.body)).toBe('inside bytes');
    await viaLink.put('videos/new.mp4', Buffer.from('new'), 'video/mp4');
    expect(readFileSync(path.join(root, 'objects', 'videos', 'new.mp4'), 'utf8')).toBe('new');
    await viaLink.delete('videos/new.mp4');
    expect(existsSync(path.join(root, 'objects', 'videos', 'new.mp4'))).toBe(false);
  });
});
