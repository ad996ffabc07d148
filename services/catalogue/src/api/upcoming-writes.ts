/** The back office's upcoming courses: add one (a name and a photo) and delete one. */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { CourseAdminMessages as M } from '@taal/contracts';
import { answer, done, fail, refusal, asFormRefusal, defineRoute, type RouteSpec, acceptUploads, checkUploads, storeUploads } from '@taal/edge';
import { toApiUpcoming, UpcomingCourseSchema } from './course-shape';
import { userOf } from './shape';
import { type CourseWriteDeps, writeGuards, str, type Form, type Problems, dropReplaced } from './write-shape';

export function upcomingWriteRoutes(deps: CourseWriteDeps): RouteSpec[] {
  const { catalogue, tokens } = deps;
  const { staff } = writeGuards(tokens);

  return [
    // ---- Upcoming courses ----
    defineRoute({
      method: 'post',
      path: '/user/upcoming/',
      summary: "Add an upcoming course: a name and a photo (admin and content); 'Upcoming Course Added!!'",
      auth: staff,
      before: [acceptUploads({ photo: { kind: 'image' } }, { maxFields: 10 })],
      body: {
        schema: z.object({}),
        mediaType: 'multipart/form-data',
        documented: z.object({ name: z.string(), photo: z.string().meta({ format: 'binary', description: 'JPEG, PNG, GIF or WebP, at most 5 MB' }) }),
      },
      responses: {
        201: answer(done(UpcomingCourseSchema), "'Upcoming Course Added!!'"),
        400: fail("'Any of the field is not fillup!!!', with `fields`"),
        403: fail('Not the admin or content role'),
        413: fail('A photo over 5 MB'),
      },
      handler: async ({ req, res }) => {
        const name = str((req.body ?? {}) as Form, 'name')?.trim() ?? '';
        const uploads = await checkUploads(req).catch((err: unknown) => Promise.reject(asFormRefusal(err, 'FIELDS_NOT_FILLED')));
        const problems: Problems = {};
        if (!name) problems.name = 'ENTRY_REQUIRED';
        if (!uploads.photo?.length) problems.photo = 'ENTRY_REQUIRED';
        if (Object.keys(problems).length > 0) throw refusal('FIELDS_NOT_FILLED', { fields: problems });
        const caller = userOf(res);
        const course = await storeUploads(deps.files, async (store) => {
          const { url } = await store.image(uploads.photo![0]!);
          return catalogue
            .createUpcomingCourse(caller, { id: randomUUID(), name, photo: url })
            .catch((err: unknown) => Promise.reject(asFormRefusal(err, 'FIELDS_NOT_FILLED')));
        });
        res.status(201).json({ success: true, message: M.upcomingAdded, data: toApiUpcoming(course) });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/course/upcomingdelete/',
      summary: "Delete an upcoming course (admin and content); 'Course Deleted!!'",
      auth: staff,
      body: { schema: z.object({ id: z.string().regex(/^[0-9a-fA-F-]{36}$/) }), headline: 'INVALID_ID' },
      responses: {
        200: answer(done(UpcomingCourseSchema)),
        400: fail('No id'),
        403: fail('Not the admin or content role'),
        404: fail('Unknown upcoming course'),
      },
      handler: async ({ res, body }) => {
        const course = await catalogue.deleteUpcomingCourse(userOf(res), { id: body.id });
        // Its picture (and thumbnail) go too, when it was uploaded (the demo's are static files).
        await dropReplaced(deps.files, [course.photo], []);
        res.json({ success: true, message: M.upcomingDeleted, data: toApiUpcoming(course) });
      },
    }),
  ];
}
