import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { COURSE_FILES_PREFIX, COURSE_TIERS, MAX_AMOUNT_POISHA, takaToPoisha, TIER_PRICE_FIELDS, courseDocumentUrlOfKey, CourseAdminLimits as L, CourseAdminMessages as M, NAME_OR_BLANK_PATTERN, NAME_PATTERN, nameProblem, type catalogueV1, type FieldRefusals, type learningV1 } from '@taal/contracts';
import type { FileStore } from '@taal/kit';
import type { CatalogueApi } from './client';
import { type ResponseCache, answer, done, fail, idParam, listOf, callerOf, requireAuth, UserRoles, refusal, asFormRefusal, cachedRead, defineRoute, type RouteSpec, acceptUploads, checkUploads, storeUploads, type CheckedUpload, type UploadStore, type ServiceApi, type AccessTokenVerifier } from '@taal/edge';
import { InstructorSchema, toApiInstructor } from './instructor-shape';
import { COURSE_CATEGORIES as CATEGORIES, COURSE_LEVELS, CourseSchema, toApiCourse, toApiUpcoming, UpcomingCourseSchema } from './course-shape';

/**
 * The back office's writes of courses, instructors and upcoming courses (admin-back-office.md
 * §5, §7; issue 10). The catalogue decides who may do what (decision 0020); files go through the
 * one upload mechanism (decision 0016); an add that fails half-way leaves nothing behind.
 */
export interface CourseWriteDeps {
  catalogue: CatalogueApi;
  learning: ServiceApi<learningV1.LearningServiceServer>;
  tokens: AccessTokenVerifier;
  files: FileStore;
  cache: ResponseCache;
  /** Largest lesson video (default the upload mechanism's 2 GB). */
  maxVideoBytes?: number;
}


/** A lesson's status (learning's LESSON_STATUSES). */
const VIDEO_STATUSES = ['open', 'login', 'paid'] as const;

const COURSE_FILES = (maxVideoBytes?: number) =>
  acceptUploads(
    {
      thumbnail: { kind: 'image' },
      banner: { kind: 'image' },
      documents: { kind: 'pdf', maxCount: L.documents },
      videos: { kind: 'video', maxCount: L.lessonVideos, ...(maxVideoBytes ? { maxBytes: maxVideoBytes } : {}) },
    },
    { maxFields: 120 },
  );

/** The text fields of the course form, as the spec names them (all strings in a multipart body). */
const courseFormDoc = z.object({
  title: z.string(),
  subtitle: z.string(),
  desc: z.string().meta({ description: 'HTML description' }),
  courseHour: z.string().meta({ description: 'Digits' }),
  catagory: z.enum(CATEGORIES),
  courseType: z.enum(COURSE_LEVELS),
  instructor: z.string().meta({ description: 'Instructor id' }),
  price: z.string().optional().meta({ description: 'Taka; default the silver tier’s' }),
  oldPrice: z.string().optional(),
  validity: z.string().optional().meta({ description: 'Days (digits)' }),
  priceSilverPrice: z.string().meta({ description: 'Taka, up to 2 decimals' }),
  priceSilverOldPrice: z.string(),
  priceSilverValidity: z.string().meta({ description: 'Days, digits only' }),
  priceGoldPrice: z.string(),
  priceGoldOldPrice: z.string(),
  priceGoldValidity: z.string(),
  priceDiamondPrice: z.string(),
  priceDiamondOldPrice: z.string(),
  priceDiamondValidity: z.string(),
  bundle: z.enum(['true', 'false']).optional(),
  topic: z.string().meta({ description: 'Items separated by semicolons' }),
  requirements: z.string().meta({ description: 'Items separated by semicolons' }),
  whoFor: z.string().meta({ description: 'Items separated by semicolons' }),
  thumbnail: z.string().meta({ format: 'binary', description: 'JPEG, PNG, GIF or WebP, at most 5 MB' }),
  banner: z.string().meta({ format: 'binary', description: 'JPEG, PNG, GIF or WebP, at most 5 MB' }),
  documents: z.array(z.string().meta({ format: 'binary' })).optional().meta({ description: 'PDFs, at most 10 of 20 MB' }),
  videos: z.array(z.string().meta({ format: 'binary' })).meta({ description: 'Lesson videos (at least one on add), at most 2 GB each' }),
  videoTitles: z.array(z.string()).optional().meta({ description: 'One title per video, in order (default the file name)' }),
  videoStatus: z.array(z.enum(VIDEO_STATUSES)).optional().meta({ description: 'One status per video (default paid)' }),
});

type Form = Record<string, unknown>;
const str = (form: Form, key: string): string | undefined => {
  const v = form[key];
  if (Array.isArray(v)) return typeof v[0] === 'string' ? v[0] : undefined;
  return typeof v === 'string' ? v : undefined;
};
const strs = (form: Form, key: string): string[] => {
  const v = form[key];
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? [v] : [];
};

/** Reads the course form into the catalogue's input; `problems` gets a message per bad field. An empty string is "not sent". */
/** Field name → its refusal key. */
type Problems = Record<string, FieldRefusals[string]>;

function readCourseForm(form: Form, problems: Problems): catalogueV1.CourseInput {
  const given = (key: string) => {
    const v = str(form, key);
    return v === undefined || v.trim() === '' ? undefined : v.trim();
  };
  const digits = (key: string) => {
    const v = given(key);
    if (v === undefined) return undefined;
    if (!/^[0-9]{1,7}$/.test(v)) {
      problems[key] = 'ENTRY_DIGITS_ONLY';
      return undefined;
    }
    return Number(v);
  };
  const taka = (key: string) => {
    const v = given(key);
    if (v === undefined) return undefined;
    // The catalogue's own price limit (course-input.ts) is checked after this.
    const poisha = takaToPoisha(v);
    if (poisha === null || poisha > MAX_AMOUNT_POISHA) {
      problems[key] = 'ENTRY_NOT_TAKA';
      return undefined;
    }
    return poisha;
  };
  const list = (key: string) => {
    const v = given(key);
    return v === undefined ? undefined : { items: v.split(';').map((s) => s.trim()).filter(Boolean) };
  };
  const input: catalogueV1.CourseInput = {
    title: given('title'),
    subtitle: given('subtitle'),
    description: given('desc'),
    courseHours: digits('courseHour'),
    category: given('catagory'),
    level: given('courseType'),
    instructorId: given('instructor'),
    price: taka('price'),
    oldPrice: taka('oldPrice'),
    validityDays: digits('validity'),
    bundle: given('bundle') === undefined ? undefined : given('bundle') === 'true',
    topics: list('topic'),
    requirements: list('requirements'),
    whoFor: list('whoFor'),
    addDocuments: [],
  };
  for (const tier of COURSE_TIERS) {
    const name = TIER_PRICE_FIELDS[tier];
    input[`${tier}Price`] = taka(`${name}Price`);
    input[`${tier}OldPrice`] = taka(`${name}OldPrice`);
    input[`${tier}Validity`] = digits(`${name}Validity`);
  }
  return input;
}


/** Each lesson video of the form with its title and status (by position). */
function lessonsOf(form: Form, videos: CheckedUpload[]): { upload: CheckedUpload; title: string; status: string }[] {
  const titles = strs(form, 'videoTitles');
  const statuses = strs(form, 'videoStatus');
  return videos.map((upload, i) => {
    const fallback = upload.kind === 'image' ? '' : upload.name.replace(/\.[A-Za-z0-9]{1,5}$/, '').slice(0, 200);
    return { upload, title: titles[i]?.trim() || fallback, status: statuses[i]?.trim() || 'paid' };
  });
}

/** Every videoStatus given must be a status, also one without its video (the document's enum). */
function statusProblems(form: Form, problems: Problems): void {
  strs(form, 'videoStatus').forEach((status, i) => {
    if (!(VIDEO_STATUSES as readonly string[]).includes(status.trim())) problems[`videoStatus[${i}]`] = 'LESSON_STATUS_INVALID';
  });
}

/** The files port keys of an uploaded image (and its thumbnail) from its URL; none for other URLs (demo assets). */
function mediaKeys(url: string | undefined): string[] {
  const m = /^\/api\/v1\/(media\/images\/[0-9a-f-]{36})\.(jpg|webp)$/.exec(url ?? '');
  return m ? [`${m[1]}.${m[2]}`, `${m[1]}-thumb.${m[2]}`] : [];
}

/** Deletes the images a write replaced (best effort: a leftover file is harmless, a missing one is not). */
async function dropReplaced(files: FileStore, before: (string | undefined)[], after: (string | undefined)[]): Promise<void> {
  const keep = new Set(after);
  const gone = before.filter((u) => u && !keep.has(u)).flatMap(mediaKeys);
  await Promise.all(gone.map((k) => files.delete(k).catch(() => undefined)));
}

async function storeImages(store: UploadStore, uploads: Record<string, CheckedUpload[]>, names: string[]): Promise<Record<string, string | undefined>> {
  const out: Record<string, string | undefined> = {};
  for (const name of names) {
    const upload = uploads[name]?.[0];
    out[name] = upload ? (await store.image(upload)).url : undefined;
  }
  return out;
}

export function courseWriteRoutes(deps: CourseWriteDeps): RouteSpec[] {
  const { catalogue, learning, tokens } = deps;
  const staff = { label: 'admin and content (the catalogue checks)', check: requireAuth(tokens, UserRoles.admin, UserRoles.content) };
  const admin = { label: 'admin only (the catalogue checks)', check: requireAuth(tokens, UserRoles.admin) };
  // Issue 40: an instructor edits their own public profile; the catalogue checks it is theirs.
  const adminOrOwnInstructor = { label: 'admin, or the instructor for their own profile (the catalogue checks)', check: requireAuth(tokens, UserRoles.admin, UserRoles.instructor) };
  const courseId = { id: { ...idParam.id, invalid: () => refusal('COURSE_NOT_FOUND') } };
  const instructorId = { id: { ...idParam.id, invalid: () => refusal('INSTRUCTOR_NOT_FOUND') } };
  const ids = z.array(z.string().regex(/^[0-9a-fA-F-]{36}$/)).max(500);

  /** Adds each video as a lesson of the course, in order. */
  const addLessons = async (store: UploadStore, course: string, lessons: ReturnType<typeof lessonsOf>, caller: ReturnType<typeof callerOf>) => {
    for (const l of lessons) {
      const { key } = await store.raw(l.upload);
      await learning.addLesson({ courseId: course, title: l.title, status: l.status, uploadKey: key }, caller);
    }
  };

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
    defineRoute({
      method: 'post',
      path: '/course/add/',
      summary:
        "Add a course with its tiers, thumbnail, banner, documents and at least one lesson video (admin and content); it starts unpublished. 'Course Added Successfully!!!', or 'Any of the field is not fillup or Failed to Upload!!!' and nothing is kept",
      auth: staff,
      before: [COURSE_FILES(deps.maxVideoBytes)],
      body: { schema: z.object({}), mediaType: 'multipart/form-data', documented: courseFormDoc },
      responses: {
        201: answer(done(CourseSchema), "'Course Added Successfully!!!'"),
        400: fail("'Any of the field is not fillup or Failed to Upload!!!', with `fields`: a missing or bad field, a file that is not what its field takes, or a video learning refused"),
        403: fail('Not the admin or content role'),
        413: fail('A file over its limit (images 5 MB, PDFs 20 MB, videos 2 GB)'),
      },
      handler: async ({ req, res }) => {
        const form = (req.body ?? {}) as Form;
        const problems: Problems = {};
        const input = readCourseForm(form, problems);
        const uploads = await checkUploads(req).catch((err: unknown) => Promise.reject(asFormRefusal(err, 'COURSE_ADD_FAILED')));
        if (!uploads.thumbnail?.length) problems.thumbnail = 'ENTRY_REQUIRED';
        if (!uploads.banner?.length) problems.banner = 'ENTRY_REQUIRED';
        if (!uploads.videos?.length) problems.videos = 'LESSON_VIDEO_REQUIRED';
        const lessons = lessonsOf(form, uploads.videos ?? []);
        lessons.forEach((l, i) => {
          if (l.title.length < 2) problems[`videoTitles[${i}]`] = 'LESSON_TITLE_REQUIRED';
        });
        statusProblems(form, problems);
        if (Object.keys(problems).length > 0) throw refusal('COURSE_ADD_FAILED', { fields: problems });
        const caller = callerOf(res);
        const id = randomUUID();
        const course = await storeUploads(deps.files, async (store) => {
          const images = await storeImages(store, uploads, ['thumbnail', 'banner']);
          for (const d of uploads.documents ?? []) {
            // Course files are for those who see the whole course, not public media.
            const stored = await store.pdf(d, { prefix: COURSE_FILES_PREFIX });
            input.addDocuments.push({ name: stored.name, url: courseDocumentUrlOfKey(id, stored.key) });
          }
          const created = await catalogue
            .createCourse({ id, course: { ...input, thumbnail: images.thumbnail, banner: images.banner } }, caller)
            .catch((err: unknown) => Promise.reject(asFormRefusal(err, 'COURSE_ADD_FAILED')));
          try {
            await addLessons(store, id, lessons, caller);
          } catch (err) {
            // Undo: the lessons learning made, then the draft (decision 0020); the files go with storeUploads.
            await learning.deleteCourseLessons({ courseId: id }, caller).catch(() => undefined);
            await catalogue.deleteCourse({ id }, caller).catch(() => undefined);
            throw asFormRefusal(err, 'COURSE_ADD_FAILED');
          }
          return created.course!;
        });
        res.status(201).json({ success: true, message: M.courseAdded, data: toApiCourse(course) });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/course/{id}/',
      summary:
        "Update a course (admin and content): every field optional; tier fields priceSilverPrice, priceSilverOldPrice, priceSilverValidity (Gold, Diamond alike), validity digits only; new documents are added, new videos become lessons. 'Course Update Successfully!!!' / 'Course Update Failed!!!'",
      auth: staff,
      params: courseId,
      before: [COURSE_FILES(deps.maxVideoBytes)],
      body: { schema: z.object({}), mediaType: 'multipart/form-data', documented: courseFormDoc.partial() },
      responses: {
        200: answer(done(CourseSchema), "'Course Update Successfully!!!'"),
        400: fail("'Course Update Failed!!!', with `fields`"),
        403: fail('Not the admin or content role'),
        404: fail('Unknown course'),
        413: fail('A file over its limit'),
      },
      handler: async ({ req, res, param }) => {
        const form = (req.body ?? {}) as Form;
        const problems: Problems = {};
        const input = readCourseForm(form, problems);
        const uploads = await checkUploads(req).catch((err: unknown) => Promise.reject(asFormRefusal(err, 'COURSE_UPDATE_FAILED')));
        const lessons = lessonsOf(form, uploads.videos ?? []);
        lessons.forEach((l, i) => {
          if (l.title.length < 2) problems[`videoTitles[${i}]`] = 'LESSON_TITLE_REQUIRED';
        });
        statusProblems(form, problems);
        if (Object.keys(problems).length > 0) throw refusal('COURSE_UPDATE_FAILED', { fields: problems });
        const caller = callerOf(res);
        const id = param('id');
        const course = await storeUploads(deps.files, async (store) => {
          const images = await storeImages(store, uploads, ['thumbnail', 'banner']);
          for (const d of uploads.documents ?? []) {
            // Course files are for those who see the whole course, not public media.
            const stored = await store.pdf(d, { prefix: COURSE_FILES_PREFIX });
            input.addDocuments.push({ name: stored.name, url: courseDocumentUrlOfKey(id, stored.key) });
          }
          const before = images.thumbnail || images.banner ? (await catalogue.getCourse({ id, includeUnpublished: true }, caller).catch(() => ({ course: undefined }))).course : undefined;
          const updated = await catalogue
            .updateCourse({ id, course: { ...input, thumbnail: images.thumbnail, banner: images.banner } }, caller)
            .catch((err: unknown) => Promise.reject(asFormRefusal(err, 'COURSE_UPDATE_FAILED')));
          if (before) await dropReplaced(deps.files, [before.thumbnail, before.banner], [updated.course!.thumbnail, updated.course!.banner]);
          return updated.course!;
        });
        // Videos after the fields: each lesson stands on its own (a refused one is reported, the others stay).
        try {
          await storeUploads(deps.files, (store) => addLessons(store, id, lessons, caller));
        } catch (err) {
          throw asFormRefusal(err, 'COURSE_UPDATE_FAILED');
        }
        res.json({ success: true, message: M.courseUpdated, data: toApiCourse(course) });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/course/addfreevideos/{id}',
      summary: "Add a free lesson (title and YouTube link) to a course (admin and content); 'Please input title and link' when either is missing",
      auth: staff,
      params: courseId,
      body: { schema: z.object({ title: z.string().max(L.title).default(''), path: z.string().max(500).default('') }), headline: 'FREE_LESSON_MISSING' },
      responses: {
        200: answer(done(CourseSchema)),
        400: fail("'Please input title and link'"),
        403: fail('Not the admin or content role'),
        404: fail('Unknown course'),
      },
      handler: async ({ res, body, param }) => {
        if (!body.title.trim() || !body.path.trim()) throw refusal('FREE_LESSON_MISSING', { fields: { ...(body.title.trim() ? {} : { title: 'ENTRY_REQUIRED' }), ...(body.path.trim() ? {} : { path: 'ENTRY_REQUIRED' }) } });
        const { course } = await catalogue
          .addFreeLesson({ courseId: param('id'), title: body.title, youtubeUrl: body.path }, callerOf(res))
          .catch((err: unknown) => Promise.reject(asFormRefusal(err, 'FREE_LESSON_MISSING')));
        res.json({ success: true, message: M.freeLessonAdded, data: toApiCourse(course!) });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/course/catagory/',
      summary: 'The course categories, each with its published courses (newest first)',
      fairUse: 'reads',
      responses: { 200: answer(listOf(z.object({ catagory: z.enum(CATEGORIES), courses: z.array(CourseSchema) }).meta({ id: 'CourseCategory' }))) },
      handler: cachedRead(deps.cache, () => 'course:categories', async () => {
        const { courses } = await catalogue.listCourses({});
        return CATEGORIES.map((catagory) => ({ catagory, courses: courses.filter((c) => c.category === catagory).map(toApiCourse) }));
      }),
    }),

    // ---- Instructors ----
    defineRoute({
      method: 'get',
      path: '/instructor/admin/instructorlist',
      summary: 'Every instructor, published or not (back office: admin and content, who picks one for a course)',
      auth: staff,
      responses: { 200: answer(listOf(InstructorSchema)), 403: fail('Not the admin or content role') },
      handler: async ({ res }) => {
        const { instructors } = await catalogue.listInstructors({ includeUnpublished: true }, callerOf(res));
        res.json({ success: true, data: instructors.map(toApiInstructor) });
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
        const caller = callerOf(res);
        const instructor = await storeUploads(deps.files, async (store) => {
          const images = await storeImages(store, uploads, ['photo', 'banner']);
          const { instructor: created } = await catalogue
            .createInstructor({ id: randomUUID(), instructor: { ...input, photo: images.photo, banner: images.banner } }, caller)
            .catch((err: unknown) => Promise.reject(asFormRefusal(err, 'INSTRUCTOR_ADD_FAILED')));
          return created!;
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
        const caller = callerOf(res);
        const instructor = await storeUploads(deps.files, async (store) => {
          const images = await storeImages(store, uploads, ['photo', 'banner']);
          // The images being replaced (an instructor may not read drafts: their published profile).
          const before =
            images.photo || images.banner
              ? (
                  await catalogue
                    .getInstructor({ id: param('id'), includeUnpublished: true }, caller)
                    .catch(() => catalogue.getInstructor({ id: param('id'), includeUnpublished: false }, caller))
                    .catch(() => ({ instructor: undefined }))
                ).instructor
              : undefined;
          const { instructor: updated } = await catalogue
            .updateInstructor({ id: param('id'), instructor: { ...input, photo: images.photo, banner: images.banner } }, caller)
            .catch((err: unknown) => Promise.reject(asFormRefusal(err, 'INSTRUCTOR_UPDATE_FAILED')));
          if (before) await dropReplaced(deps.files, [before.photo, before.banner], [updated!.photo, updated!.banner]);
          return updated!;
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
          const { instructor } = await catalogue.setInstructorPublished({ id: param('id'), published }, callerOf(res));
          res.json({ success: 'true', message: published ? M.instructorPublished : M.instructorUnpublished, data: toApiInstructor(instructor!) });
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
        const { instructors } = await catalogue.setInstructorFeatured({ featuredIds: body.featured, unfeaturedIds: body.unFeatured }, callerOf(res));
        res.json({ success: true, message: M.instructorsFeatured, data: instructors.map(toApiInstructor) });
      },
    }),

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
        const caller = callerOf(res);
        const course = await storeUploads(deps.files, async (store) => {
          const { url } = await store.image(uploads.photo![0]!);
          const created = await catalogue
            .createUpcomingCourse({ id: randomUUID(), name, photo: url }, caller)
            .catch((err: unknown) => Promise.reject(asFormRefusal(err, 'FIELDS_NOT_FILLED')));
          return created.course!;
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
        const { course } = await catalogue.deleteUpcomingCourse({ id: body.id }, callerOf(res));
        // Its picture (and thumbnail) go too, when it was uploaded (the demo's are static files).
        await dropReplaced(deps.files, [course!.photo], []);
        res.json({ success: true, message: M.upcomingDeleted, data: toApiUpcoming(course!) });
      },
    }),
  ];
}
