/** The back office's instructor writes: add, update (an instructor: their own profile), publish and feature. */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { catalogueV1, CourseAdminLimits as L, CourseAdminMessages as M, NAME_OR_BLANK_PATTERN, NAME_PATTERN, nameProblem } from '@taal/contracts';
import { answer, done, fail, idParam, listOf, refusal, asFormRefusal, defineRoute, type RouteSpec, acceptUploads, checkUploads, storeUploads } from '@taal/edge';
import { badPage, collectPages, envelope, linkHeader, linkNext, ok, pageOf, pageQuery, pageRequest } from '@taal/edge';
import { InstructorSchema, toApiInstructor } from './instructor-shape';
import { INSTRUCTOR_LIST_BOUND } from './instructors';
import { userOf } from './shape';
import { type CourseWriteDeps, writeGuards, str, type Form, type Problems, dropReplaced, storeImages } from './write-shape';

export function instructorWriteRoutes(deps: CourseWriteDeps): RouteSpec[] {
  const { catalogue, tokens } = deps;
  const { admin, staff, adminOrOwnInstructor } = writeGuards(tokens);
  const instructorId = { id: { ...idParam.id, invalid: () => refusal('INSTRUCTOR_NOT_FOUND') } };
  const ids = z.array(z.string().regex(/^[0-9a-fA-F-]{36}$/)).max(500);

  /** The instructor's name follows the one name rule (decision 0039): stated here as it is checked, on the value as sent. */
  const instructorName = `The instructor's name: at most ${L.instructorName} characters, no control, invisible or formatting characters`;
  const instructorForm = z.object({
    name: z.string().meta({ pattern: NAME_PATTERN, description: instructorName }),
    band: z.string(),
    percentage: z.string().meta({ description: 'Share of each sale, 0–100 (digits)' }),
    bio: z.string().meta({ description: 'HTML; sanitised on the server against the rich-text allow-list, as course descriptions are' }),
    photo: z.string().meta({ format: 'binary', description: 'JPEG, PNG, GIF or WebP, at most 5 MB' }),
    banner: z.string().meta({ format: 'binary', description: 'JPEG, PNG, GIF or WebP, at most 5 MB' }),
    featured: z.enum(['true', 'false']).optional(),
  });
  const readInstructor = (form: Form, problems: Problems): catalogueV1.InstructorInput => {
    const given = (key: string) => {
      const v = str(form, key);
      return v === undefined || v.trim() === '' ? undefined : v.trim();
    };
    // The name rule reads the name as sent (the catalogue gets it trimmed): an invisible character at an end is refused too.
    const rawName = str(form, 'name');
    if (rawName !== undefined && rawName.trim() !== '' && nameProblem(rawName, L.instructorName) === 'invalid') problems.name = 'NAME_INVALID';
    const pct = given('percentage');
    if (pct !== undefined && !/^[0-9]{1,3}$/.test(pct)) problems.percentage = 'ENTRY_DIGITS_ONLY';
    const featured = given('featured');
    if (featured !== undefined && featured !== 'true' && featured !== 'false') problems.featured = 'ENTRY_TRUE_OR_FALSE';
    return {
      name: given('name'),
      band: given('band'),
      bio: given('bio'),
      percentage: pct !== undefined && /^[0-9]{1,3}$/.test(pct) ? Number(pct) : undefined,
      featured: featured === undefined ? undefined : featured === 'true',
    };
  };
  const instructorFiles = () => acceptUploads({ photo: { kind: 'image' }, banner: { kind: 'image' } }, { maxFields: 20 });

  return [
    // ---- Instructors ----
    defineRoute({
      method: 'get',
      path: '/instructor/admin/instructorlist',
      summary: `Every instructor, published or not, oldest first (back office: admin and content, who picks one for a course): at most ${INSTRUCTOR_LIST_BOUND} (the rest through GET instructor/admin/page, named by the Link header)`,
      auth: staff,
      responses: { 200: { ...answer(listOf(InstructorSchema)), headers: linkHeader }, 403: fail('Not the admin or content role') },
      handler: async ({ res }) => {
        const caller = userOf(res);
        const { items, next } = await collectPages(INSTRUCTOR_LIST_BOUND, async (cursor, limit) => {
          const page = await catalogue.listInstructorPage(caller, { includeUnpublished: true, cursor, limit });
          return { items: page.instructors, next: page.next };
        });
        linkNext(res, '/api/v1/instructor/admin/page', {}, next);
        res.json({ success: true, data: items.map(toApiInstructor) });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/instructor/admin/page',
      summary: "A page of instructors, published or not, oldest first (back office, decision 0084); next: the following page's cursor, null on the last",
      auth: staff,
      query: pageQuery,
      responses: { 200: answer(pageOf(InstructorSchema)), ...badPage, 403: fail('Not the admin or content role') },
      handler: async ({ req, res }) => {
        const page = await catalogue.listInstructorPage(userOf(res), { includeUnpublished: true, ...pageRequest(req) });
        res.json(ok({ items: page.instructors.map(toApiInstructor), next: page.next || null }));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/instructor/admin/search',
      summary: "The first instructors, published or not, whose name starts with q (any case), by name (back office's instructor picker, decision 0087; admin and content)",
      auth: staff,
      query: {
        q: { schema: z.string().max(100), description: 'The start of a name (blank: none found)' },
        limit: { schema: z.string().regex(/^([1-9]|1[0-9]|20)$/), description: 'Matches, 1 to 20 (default 10)' },
      },
      responses: { 200: answer(listOf(InstructorSchema)), 400: fail('q over 100 characters or a limit out of 1..20'), 403: fail('Not the admin or content role') },
      handler: async ({ req, res }) => {
        const { instructors } = await catalogue.searchInstructors(userOf(res), { query: String(req.query.q ?? ''), includeUnpublished: true, limit: Number(req.query.limit ?? 0) });
        res.json(ok(instructors.map(toApiInstructor)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/instructor/admin/one/{id}',
      summary: "One instructor, published or not (the back office's picker names a course's instructor, decision 0087; admin and content)",
      auth: staff,
      params: idParam,
      responses: { 200: answer(envelope(InstructorSchema)), 403: fail('Not the admin or content role'), 404: fail('Instructor not found (INSTRUCTOR_NOT_FOUND)') },
      handler: async ({ res, param }) => {
        const instructor = await catalogue.getInstructor(userOf(res), { id: param('id'), includeUnpublished: true });
        res.json(ok(toApiInstructor(instructor)));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/instructor/add/',
      summary: "Add an instructor profile (admin): every field, photo and banner required; it starts unpublished. 'Instructor Added Successful!!' / 'Instructor Added Failed, Check you fillup all the field!!'",
      auth: admin,
      before: [instructorFiles()],
      body: { schema: z.object({}), mediaType: 'multipart/form-data', documented: instructorForm },
      responses: {
        201: answer(done(InstructorSchema), "'Instructor Added Successful!!'"),
        400: fail("'Instructor Added Failed, Check you fillup all the field!!', with `fields`"),
        403: fail('Not the admin'),
        413: fail('An image over 5 MB'),
      },
      handler: async ({ req, res }) => {
        const problems: Problems = {};
        const input = readInstructor((req.body ?? {}) as Form, problems);
        const uploads = await checkUploads(req).catch((err: unknown) => Promise.reject(asFormRefusal(err, 'INSTRUCTOR_ADD_FAILED')));
        if (!uploads.photo?.length) problems.photo = 'ENTRY_REQUIRED';
        if (!uploads.banner?.length) problems.banner = 'ENTRY_REQUIRED';
        if (Object.keys(problems).length > 0) throw refusal('INSTRUCTOR_ADD_FAILED', { fields: problems });
        const caller = userOf(res);
        const instructor = await storeUploads(deps.files, async (store) => {
          const images = await storeImages(store, uploads, ['photo', 'banner']);
          return catalogue
            .createInstructor(caller, catalogueV1.CreateInstructorRequest.fromPartial({ id: randomUUID(), instructor: { ...input, photo: images.photo, banner: images.banner } }))
            .catch((err: unknown) => Promise.reject(asFormRefusal(err, 'INSTRUCTOR_ADD_FAILED')));
        });
        res.status(201).json({ success: true, message: M.instructorAdded, data: toApiInstructor(instructor) });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/instructor/{id}/',
      summary:
        "Update an instructor (admin), or their own public profile (an instructor: name, band, bio, photo, banner; not percentage or featured): only the fields and files sent change. 'Instructor Updated Successfully!' / 'Instructor Update Failed'",
      auth: adminOrOwnInstructor,
      params: instructorId,
      before: [instructorFiles()],
      // A blank name leaves the name as it is.
      body: {
        schema: z.object({}),
        mediaType: 'multipart/form-data',
        documented: instructorForm.partial().extend({ name: z.string().optional().meta({ pattern: NAME_OR_BLANK_PATTERN, description: `${instructorName}; blank: unchanged` }) }),
      },
      responses: {
        200: answer(done(InstructorSchema), "'Instructor Updated Successfully!'"),
        400: fail("'Instructor Update Failed', with `fields`"),
        403: fail("Not the admin, nor the instructor of this profile; or an instructor sending percentage or featured"),
        404: fail('Unknown instructor'),
        413: fail('An image over 5 MB'),
      },
      handler: async ({ req, res, param }) => {
        const problems: Problems = {};
        const input = readInstructor((req.body ?? {}) as Form, problems);
        const uploads = await checkUploads(req).catch((err: unknown) => Promise.reject(asFormRefusal(err, 'INSTRUCTOR_UPDATE_FAILED')));
        if (Object.keys(problems).length > 0) throw refusal('INSTRUCTOR_UPDATE_FAILED', { fields: problems });
        const caller = userOf(res);
        const instructor = await storeUploads(deps.files, async (store) => {
          const images = await storeImages(store, uploads, ['photo', 'banner']);
          // The images being replaced (an instructor may not read drafts: their published profile).
          const before =
            images.photo || images.banner
              ? await catalogue
                  .getInstructor(caller, { id: param('id'), includeUnpublished: true })
                  .catch(() => catalogue.getInstructor(caller, { id: param('id'), includeUnpublished: false }))
                  .catch(() => undefined)
              : undefined;
          const updated = await catalogue
            .updateInstructor(caller, catalogueV1.UpdateInstructorRequest.fromPartial({ id: param('id'), instructor: { ...input, photo: images.photo, banner: images.banner } }))
            .catch((err: unknown) => Promise.reject(asFormRefusal(err, 'INSTRUCTOR_UPDATE_FAILED')));
          if (before) await dropReplaced(deps.files, [before.photo, before.banner], [updated.photo, updated.banner]);
          return updated;
        });
        res.json({ success: true, message: M.instructorUpdated, data: toApiInstructor(instructor) });
      },
    }),
    ...(['instructorpublish', 'instructorunpublish'] as const).map((action) =>
      defineRoute({
        method: 'get',
        path: `/instructor/${action}/{id}`,
        summary: `${action === 'instructorpublish' ? 'Publish' : 'Unpublish'} an instructor (admin); \`success\` is the string 'true' as the spec's screen reads it`,
        auth: admin,
        params: instructorId,
        responses: {
          200: answer(z.object({ success: z.literal('true'), message: z.string(), data: InstructorSchema })),
          403: fail('Not the admin'),
          404: fail('Unknown instructor'),
        },
        handler: async ({ res, param }) => {
          const published = action === 'instructorpublish';
          const instructor = await catalogue.setInstructorPublished(userOf(res), { id: param('id'), published });
          res.json({ success: 'true', message: published ? M.instructorPublished : M.instructorUnpublished, data: toApiInstructor(instructor) });
        },
      }),
    ),
    defineRoute({
      method: 'post',
      path: '/instructor/featured/add/',
      summary: 'Feature and unfeature instructors at once (admin)',
      auth: admin,
      body: { schema: z.object({ featured: ids.default([]), unFeatured: ids.default([]) }), headline: 'INVALID_ID' },
      responses: { 200: answer(done(z.array(InstructorSchema))), 400: fail('An instructor in both lists, or bad ids'), 403: fail('Not the admin') },
      handler: async ({ res, body }) => {
        const instructors = await catalogue.setInstructorFeatured(userOf(res), { featuredIds: body.featured, unfeaturedIds: body.unFeatured });
        res.json({ success: true, message: M.instructorsFeatured, data: instructors.map(toApiInstructor) });
      },
    }),

  ];
}
