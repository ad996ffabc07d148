import { pipeline } from 'node:stream/promises';
import type { JWTVerifyGetKey } from 'jose';
import { z } from 'zod';
import { ServiceNames } from '@taal/contracts';
import { verifyGrant, type FileStore } from '@taal/kit';
import { fail, refusal, parseRange, defineRoute, type RouteSpec } from '@taal/edge';
import { HLS_MASTER, HLS_RUNG, HLS_RUNG_FILE, HLS_VERSION } from '../domain/hls-ladder';

/**
 * A lesson's video stream (spec §7 `video/{filename}`): a <video> cannot send headers, so the URL
 * carries learning's signature for exactly this file (decision 0015). Mounted ahead of every other
 * route: a playing video sends a range request every few seconds, and none of them should first be
 * tried against the other two hundred paths (tools/bench/video.mjs).
 */
export const VIDEO_GRANT_AUDIENCE = 'taal-video';
const VIDEO_KEY_PREFIX = 'videos/';
const HLS_KEY_PREFIX = 'hls/';
const FILENAME = /^[a-z0-9-]{8,64}\.mp4$/;

type HandlerContext = Parameters<RouteSpec['handler']>[0];

/** A small map that forgets its oldest entry when full (the caches of the video route). */
class Recent<V> {
  private readonly entries = new Map<string, V>();
  constructor(private readonly max: number) {}
  get(key: string): V | undefined {
    return this.entries.get(key);
  }
  set(key: string, value: V): void {
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, value);
  }
}

export function videoStreamRoutes({ files, serviceKeys }: { files: FileStore; serviceKeys: JWTVerifyGetKey }): RouteSpec[] {
  // A <video> sends many range requests with one URL: its signature is checked once (until it
  // expires), and a stored video's size is looked up once (its name is a fresh UUID: it never changes).
  const grants = new Recent<{ file: unknown; prefix: unknown; subject: string; expiresAt: number }>(4096);
  const sizes = new Recent<number>(4096);
  const grantOf = async (token: string) => {
    const known = grants.get(token);
    if (known && known.expiresAt > Date.now()) return known;
    const grant = await verifyGrant(token, serviceKeys, { audience: VIDEO_GRANT_AUDIENCE, issuer: ServiceNames.learning });
    if (!grant) return null;
    const checked = { file: grant.claims.file, prefix: grant.claims.prefix, subject: grant.subject, expiresAt: grant.expiresAt };
    grants.set(token, checked);
    return checked;
  };

  /**
   * A file of a lesson's HLS ladder (decision 0032): the token in the path grants one ladder's
   * folder `hls/<lesson>/<version>/`, so the playlists' relative URIs (`480p/index.m3u8`,
   * `seg_003.ts`) carry it. A missing, forged or expired token, or one for another folder: 403.
   */
  const hlsFile = async ({ req, res }: Pick<HandlerContext, 'req' | 'res'>, token: string, lessonId: string, version: string, file: string) => {
    const grant = token ? await grantOf(token) : null;
    const folder = `${HLS_KEY_PREFIX}${lessonId}/${version}/`;
    if (!grant || grant.subject !== lessonId || typeof grant.prefix !== 'string' || grant.prefix !== folder || !HLS_VERSION.test(version)) {
      throw refusal('VIDEO_LINK_INVALID');
    }
    // Only the names the transcoder writes (checked after the grant: without one, every answer is 403).
    const [rung, name] = file.includes('/') ? file.split('/') : [null, file];
    if (rung === null ? name !== HLS_MASTER : !HLS_RUNG.test(rung!) || !HLS_RUNG_FILE.test(name ?? '')) throw refusal('NO_SUCH_VIDEO');
    const stored = await files.get(`${folder}${file}`);
    if (!stored) throw refusal('NO_SUCH_VIDEO');
    res.status(200);
    res.setHeader('Content-Type', file.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/mp2t');
    res.setHeader('Content-Length', String(stored.file.size));
    // Private: the URL is the credential. A ladder's files never change (a new one gets a new folder).
    res.setHeader('Cache-Control', 'private, max-age=600');
    if (req.method === 'HEAD') {
      stored.body.destroy();
      res.end();
      return;
    }
    await pipeline(stored.body, res).catch(() => stored.body.destroy());
  };
  const hlsParams = {
    // A compact JWT (about 400 characters). Any other text is refused 403 like a forged one; the
    // bound keeps even a refused one's request line under Node's 16 KB header limit (else 431).
    token: {
      schema: z.string().min(1).max(1024),
      description: 'The signed grant of this ladder (from GET lesson/{id}/playback)',
    },
    lessonId: { schema: z.string().max(64), description: 'The lesson id' },
    version: { schema: z.string().regex(HLS_VERSION), description: 'The ladder’s version' },
  };
  const hlsResponses = (what: string) => ({
    200: {
      description: what,
      content: {
        'application/vnd.apple.mpegurl': z.string().meta({ description: 'A playlist (.m3u8)' }),
        'video/mp2t': z.string().meta({ format: 'binary', description: 'A segment (.ts)' }),
      },
    },
    403: fail('No signed grant, an expired one, or one for another lesson or ladder'),
    404: fail('No such file in this ladder'),
  });

  return [
    defineRoute({
      method: 'get',
      path: '/video/hls/{token}/{lessonId}/{version}/{file}',
      summary: 'A lesson’s HLS master playlist, for a signed grant of exactly this ladder (decision 0032)',
      params: { ...hlsParams, file: { schema: z.literal(HLS_MASTER), description: 'master.m3u8' } },
      responses: hlsResponses('The master playlist (application/vnd.apple.mpegurl)'),
      handler: async ({ req, res, param }) => hlsFile({ req, res }, param('token'), param('lessonId'), param('version'), param('file')),
    }),
    defineRoute({
      method: 'get',
      path: '/video/hls/{token}/{lessonId}/{version}/{rung}/{file}',
      summary: 'A rendition’s playlist or segment of a lesson’s HLS ladder, for a signed grant of exactly this ladder (decision 0032)',
      params: {
        ...hlsParams,
        rung: { schema: z.string().regex(HLS_RUNG), description: 'The rendition, e.g. 480p' },
        file: { schema: z.string().regex(HLS_RUNG_FILE), description: 'index.m3u8 or seg_NNN.ts' },
      },
      responses: hlsResponses('The rendition’s playlist (application/vnd.apple.mpegurl) or a segment (video/mp2t)'),
      handler: async ({ req, res, param }) => hlsFile({ req, res }, param('token'), param('lessonId'), param('version'), `${param('rung')}/${param('file')}`),
    }),
    defineRoute({
      method: 'get',
      path: '/video/{filename}',
      summary: 'A lesson’s video stream, for a signed URL of exactly this file; HTTP Range requests answer 206 (416 past the end)',
      params: { filename: { schema: z.string().regex(FILENAME), description: 'The stored video’s name' } },
      responses: {
        200: { description: 'The whole video', content: { 'video/mp4': z.string().meta({ format: 'binary' }) } },
        206: { description: 'The requested range', content: { 'video/mp4': z.string().meta({ format: 'binary' }) } },
        403: fail('No signed URL, an expired one, or one for another file'),
        404: fail('No such video'),
        416: { description: 'The range starts past the end' },
      },
      handler: async ({ req, res, param }) => {
        const filename = param('filename');
        const token = typeof req.query.token === 'string' ? req.query.token : '';
        const grant = token ? await grantOf(token) : null;
        if (!grant || grant.file !== filename || !FILENAME.test(filename)) {
          throw refusal('VIDEO_LINK_INVALID');
        }
        const key = `${VIDEO_KEY_PREFIX}${filename}`;
        let size = sizes.get(key);
        if (size === undefined) {
          const stored = await files.stat(key);
          if (!stored) throw refusal('NO_SUCH_VIDEO');
          sizes.set(key, (size = stored.size));
        }
        const stat = { size };
        const range = parseRange(req.get('range'), stat.size);
        res.setHeader('Accept-Ranges', 'bytes');
        res.setHeader('Content-Type', 'video/mp4');
        // Private: the URL is the credential; shared caches must not keep it.
        res.setHeader('Cache-Control', 'private, max-age=600');
        res.setHeader('Content-Disposition', 'inline');
        if (range.kind === 'unsatisfiable') {
          res.setHeader('Content-Range', `bytes */${stat.size}`);
          res.status(416).end();
          return;
        }
        const [start, end] = range.kind === 'partial' ? [range.start, range.end] : [0, stat.size - 1];
        const read = stat.size === 0 ? null : await files.getRange(key, start, end);
        if (stat.size > 0 && !read) throw refusal('NO_SUCH_VIDEO');
        res.setHeader('Content-Length', String(stat.size === 0 ? 0 : end - start + 1));
        if (range.kind === 'partial') {
          res.status(206).setHeader('Content-Range', `bytes ${start}-${end}/${stat.size}`);
        } else {
          res.status(200);
        }
        if (req.method === 'HEAD' || !read) {
          read?.body.destroy();
          res.end();
          return;
        }
        // Streamed, never buffered; a client that goes away ends the read.
        await pipeline(read.body, res).catch(() => read.body.destroy());
      },
    }),
  ];
}
