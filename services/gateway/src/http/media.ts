import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import type { FileStore } from '@taal/kit';
import { fail, refusal, defineRoute, type RouteSpec } from '@taal/edge';

const NAME = /^[0-9a-f-]{36}(-thumb)?\.(jpg|webp|pdf)$/;
const TYPES: Record<string, string> = { jpg: 'image/jpeg', webp: 'image/webp', pdf: 'application/pdf' };

/**
 * Public media stored by the one upload mechanism (http/uploads): re-encoded images and checked
 * PDFs under `media/`. Keys are fresh UUIDs, so an answer never changes (cached for a year).
 */
export function mediaRoutes(files: FileStore): RouteSpec[] {
  return [
    defineRoute({
      method: 'get',
      path: '/media/{folder}/{name}',
      summary: 'A course, instructor or upcoming-course image (JPEG/WebP, re-encoded) or document (PDF), as uploaded through the back office',
      params: {
        folder: { schema: z.enum(['images', 'documents']), description: 'images or documents', invalid: () => refusal('NO_SUCH_FILE') },
        name: { schema: z.string().regex(NAME), description: 'The stored name (a UUID)', invalid: () => refusal('NO_SUCH_FILE') },
      },
      responses: {
        200: {
          description: 'The file',
          content: {
            'image/jpeg': z.string().meta({ format: 'binary' }),
            'image/webp': z.string().meta({ format: 'binary' }),
            'application/pdf': z.string().meta({ format: 'binary' }),
          },
        },
        404: fail('No such file'),
      },
      handler: async ({ req, res, param }) => {
        const folder = param('folder');
        const name = param('name');
        const ext = name.split('.').pop() ?? '';
        if (!NAME.test(name) || (folder === 'documents') !== (ext === 'pdf')) throw refusal('NO_SUCH_FILE');
        const found = await files.get(`media/${folder}/${name}`);
        if (!found) throw refusal('NO_SUCH_FILE');
        res.status(200);
        res.setHeader('Content-Type', TYPES[ext]!);
        res.setHeader('Content-Length', String(found.file.size));
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        res.setHeader('Content-Disposition', `inline; filename="${ext === 'pdf' ? 'document' : 'image'}.${ext}"`);
        if (req.method === 'HEAD') {
          found.body.destroy();
          res.end();
          return;
        }
        await pipeline(found.body, res).catch(() => found.body.destroy());
      },
    }),
  ];
}
