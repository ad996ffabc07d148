/** The catalogue's slice of the public API: courses, instructors, upcoming courses, freebies, the landing popup and search. */
import { CatalogueEvents, ServiceNames, type catalogueV1, type freebiesV1, type learningV1 } from '@taal/contracts';
import { defineApi } from '@taal/edge';
import { catalogueClient, freebiesClient } from './client';
import type { CatalogueUseCases } from './shape';
import { courseWriteRoutes } from './course-writes';
import { instructorWriteRoutes } from './instructor-writes';
import { upcomingWriteRoutes } from './upcoming-writes';
import type { CourseWriteDeps } from './write-shape';
import { courseAdminRoutes, courseRoutes } from './courses';
import { freebieRoutes } from './freebies';
import { popupRoutes } from './popup';
import { instructorRoutes } from './instructors';
import { searchRoutes } from './search';
import { coursePickerRoutes, instructorPickerRoutes } from './pickers';

export const catalogueApi = defineApi({
  // Its routes call its own use cases (issue 52): these clients are for the page records below only.
  clients: { catalogue: catalogueClient, freebies: freebiesClient },
  // The cached public reads (courses, instructors, upcoming courses, freebies, the popup) are the catalogue's.
  invalidatesCacheOn: [
    CatalogueEvents.courseUpdated,
    CatalogueEvents.instructorUpdated,
    CatalogueEvents.courseDeleted,
    CatalogueEvents.upcomingUpdated,
    CatalogueEvents.freebieUpdated,
    CatalogueEvents.freebieDeleted,
    CatalogueEvents.popupUpdated,
  ],
  // In the gateway's process in a cluster, where the catalogue's use cases are not: over gRPC.
  pageRecords: (ctx) => {
    const catalogue = ctx.client<catalogueV1.CatalogueServiceServer>('catalogue');
    const freebies = ctx.client<freebiesV1.FreebieServiceServer>('freebies');
    return {
      course: (id) => catalogue.getCourse({ id }),
      instructor: (id) => catalogue.getInstructor({ id }),
      freebie: (id) => freebies.getFreebie({ id }),
    };
  },
  routes: (ctx) => {
    const { catalogue, freebies, search } = ctx.useCases<CatalogueUseCases>(ServiceNames.catalogue);
    const learning = ctx.client<learningV1.LearningServiceServer>('learning');
    const writes: CourseWriteDeps = { catalogue, learning, tokens: ctx.tokens, files: ctx.files, cache: ctx.cache };
    return [
      // The back office's course switches (first: `adminallcourse` is never read as an id).
      courseAdminRoutes(catalogue, ctx.tokens),
      // The pickers' searches (decision 0087; before `instructor/{id}/`, which `instructor/search` would match).
      coursePickerRoutes(catalogue, ctx.tokens),
      instructorPickerRoutes(catalogue, ctx.cache),
      // Adding and changing courses, instructors and upcoming courses (files through the edge's uploads).
      ...[courseWriteRoutes, instructorWriteRoutes, upcomingWriteRoutes].map((group) => group(writes)),
      courseRoutes(catalogue, ctx.cache),
      instructorRoutes(catalogue, ctx.cache),
      // Search over courses, instructors and freebies (decision 0031).
      searchRoutes(search),
      // Freebies and the landing popup: public reads (cached), back-office writes with uploads.
      ...[freebieRoutes, popupRoutes].map((group) => group({ freebies, tokens: ctx.tokens, cache: ctx.cache, files: ctx.files })),
    ];
  },
});
