/**
 * Uploads that a browser's FormData cannot make: a body far larger than memory should hold, and a
 * body that stops half-way. Shared by the all-in-one and the cluster tests of the upload path.
 */
import http from 'node:http';
import { Readable } from 'node:stream';

/** A multipart field: text, or a file part whose bytes are given. */
export type Part = [name: string, value: string] | [name: string, value: Buffer, filename: string, contentType: string];

function partHead(boundary: string, part: Part): Buffer {
  const [name, value] = part;
  if (typeof value === 'string') return Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  return Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${part[2]}"\r\nContent-Type: ${part[3]}\r\n\r\n`), value, Buffer.from('\r\n')]);
}

/**
 * POSTs `parts` and then one file part of `totalBytes` generated on the fly (256 KB at a time: the
 * bytes never exist anywhere at once). Resolves with the answer's status.
 */
export function postHugeFile(url: string, token: string, parts: Part[], file: { field: string; filename: string; contentType: string; totalBytes: number }): Promise<number> {
  const boundary = `huge-${Date.now().toString(36)}`;
  const head = Buffer.concat([
    ...parts.map((p) => partHead(boundary, p)),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`),
  ]);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(256 * 1024, 7);
  async function* body() {
    yield head;
    for (let sent = 0; sent < file.totalBytes; sent += chunk.length) yield sent + chunk.length <= file.totalBytes ? chunk : chunk.subarray(0, file.totalBytes - sent);
    yield tail;
  }
  return new Promise<number>((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(head.length + file.totalBytes + tail.length) },
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    Readable.from(body()).pipe(req);
  });
}

/**
 * Starts a multipart POST announcing 50 MB, sends `parts` and the first `sentBytes` of a file part,
 * then drops the connection, as a browser closed mid-upload does. Resolves once the connection is gone.
 */
export async function postCutOff(url: string, token: string, parts: Part[], file: { field: string; filename: string; contentType: string; sentBytes: number }): Promise<void> {
  const boundary = 'cutoff-boundary';
  const req = http.request(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(50 * 1024 * 1024) },
  });
  req.on('error', () => {});
  for (const part of parts) req.write(partHead(boundary, part));
  req.write(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`);
  req.write(Buffer.alloc(file.sentBytes, 1));
  await new Promise((r) => setTimeout(r, 300));
  req.destroy();
  await new Promise((r) => setTimeout(r, 500));
}
