/** The back office's course writes: add and update a course with its files and lessons, a free lesson, the category list. */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { catalogueV1, COURSE_FILES_PREFIX, courseDocumentUrlOfKey, CourseAdminLimits as L, CourseAdminMessages as M } from '@taal/contracts';
import { answer, done, fail, idParam, listOf, callerOf, refusal, asFormRefusal, cachedRead, defineRoute, type RouteSpec, checkUploads, storeUploads, type UploadStore } from '@taal/edge';
import { COURSE_CATEGORIES as CATEGORIES, CourseSchema, toApiCourse } from './course-shape';
import { forCaller, userOf } from './shape';
import { type CourseWriteDeps, writeGuards, COURSE_FILES, courseFormDoc, type Form, type Problems, readCourseForm, lessonsOf, statusProblems, dropReplaced, storeImages } from './write-shape';

/** Courses a category of GET course/catagory/ lists: five categories of 5 courses at their widest (about 7 KB each) stay under 256 KB (decision 0089). */
export const CATEGORY_COURSES_BOUND = 5;

export function courseWriteRoutes(deps: CourseWriteDeps): RouteSpec[] {
  const { catalogue, learning, tokens } = deps;
  const { staff } = writeGuards(tokens);
  const courseId = { id: { ...idParam.id, invalid: () => refusal('COURSE_NOT_FOUND') } };

  /** Adds each video as a lesson of the course, in order. */
  const addLessons = async (store: UploadStore, course: string, lessons: ReturnType<typeof lessonsOf>, caller: ReturnType<typeof callerOf>) => {
    for (const l of lessons) {
      const { key } = await store.raw(l.upload);
      await learning.addLesson({ courseId: course, title: l.title, status: l.status, uploadKey: key }, caller);
    }
  };

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
        // The catalogue's own use cases, as the catalogue for this user; learning over gRPC with the user's token.
        const user = forCaller(caller).identity;
        const id = randomUUID();
        const course = await storeUploads(deps.files, async (store) => {
          const images = await storeImages(store, uploads, ['thumbnail', 'banner']);
          for (const d of uploads.documents ?? []) {
            // Course files are for those who see the whole course, not public media.
            const stored = await store.pdf(d, { prefix: COURSE_FILES_PREFIX });
            input.addDocuments.push({ name: stored.name, url: courseDocumentUrlOfKey(id, stored.key) });
          }
          const created = await catalogue
            .createCourse(user, catalogueV1.CreateCourseRequest.fromPartial({ id, course: { ...input, thumbnail: images.thumbnail, banner: images.banner } }))
            .catch((err: unknown) => Promise.reject(asFormRefusal(err, 'COURSE_ADD_FAILED')));
          try {
            await addLessons(store, id, lessons, caller);
          } catch (err) {
            // Undo: the lessons learning made, then the draft (decision 0020); the files go with storeUploads.
            await learning.deleteCourseLessons({ courseId: id }, caller).catch(() => undefined);
            await catalogue.deleteCourse(user, { id }).catch(() => undefined);
            throw asFormRefusal(err, 'COURSE_ADD_FAILED');
          }
          return created;
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
        // The catalogue's own use cases, as the catalogue for this user; learning over gRPC with the user's token.
        const user = forCaller(caller).identity;
        const id = param('id');
        const course = await storeUploads(deps.files, async (store) => {
          const images = await storeImages(store, uploads, ['thumbnail', 'banner']);
          for (const d of uploads.documents ?? []) {
            // Course files are for those who see the whole course, not public media.
            const stored = await store.pdf(d, { prefix: COURSE_FILES_PREFIX });
            input.addDocuments.push({ name: stored.name, url: courseDocumentUrlOfKey(id, stored.key) });
          }
          const before = images.thumbnail || images.banner ? await catalogue.getCourse(user, { id, includeUnpublished: true }).catch(() => undefined) : undefined;
          const updated = await catalogue
            .updateCourse(user, catalogueV1.UpdateCourseRequest.fromPartial({ id, course: { ...input, thumbnail: images.thumbnail, banner: images.banner } }))
            .catch((err: unknown) => Promise.reject(asFormRefusal(err, 'COURSE_UPDATE_FAILED')));
          if (before) await dropReplaced(deps.files, [before.thumbnail, before.banner], [updated.thumbnail, updated.banner]);
          return updated;
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
        const course = await catalogue
          .addFreeLesson(userOf(res), { courseId: param('id'), title: body.title, youtubeUrl: body.path })
          .catch((err: unknown) => Promise.reject(asFormRefusal(err, 'FREE_LESSON_MISSING')));
        res.json({ success: true, message: M.freeLessonAdded, data: toApiCourse(course) });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/course/catagory/',
      summary: `The course categories, each with its published courses (newest first): at most ${CATEGORY_COURSES_BOUND} a category (the rest through GET course/page?category=…, decisions 0078 and 0089)`,
      fairUse: 'reads',
      responses: { 200: answer(listOf(z.object({ catagory: z.enum(CATEGORIES), courses: z.array(CourseSchema) }).meta({ id: 'CourseCategory' }))) },
      handler: cachedRead(deps.cache, () => 'course:categories', async () => {
        // One page of each category's newest (decision 0078): the answer does not grow with the catalogue.
        const pages = await Promise.all(CATEGORIES.map((category) => catalogue.listCoursePage({ category, level: '', instructorId: '', sort: '', includeUnpublished: false, featuredOnly: false, cursor: '', limit: CATEGORY_COURSES_BOUND })));
        return CATEGORIES.map((catagory, i) => ({ catagory, courses: pages[i]!.courses.map(toApiCourse) }));
      }),
    }),

  ];
}
