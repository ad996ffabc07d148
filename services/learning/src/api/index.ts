/** Learning's slice of the public API: lesson video streams, lessons, the classroom, certificates and expired subscriptions. */
import { ServiceNames, type catalogueV1, type identityV1, type learningV1 } from '@taal/contracts';
import { defineApi } from '@taal/edge';
import { learningClient } from './client';
import { examRoutes } from './exams';
import { practicalRoutes } from './practicals';
import { practiceRoutes } from './practice';
import { backOfficeRoutes } from './back-office';
import { certificateRoutes } from './certificates';
import { classroomRoutes } from './classroom';
import type { LearningRouteDeps, LearningUseCases } from './shape';
import { videoStreamRoutes } from './video';

export const learningApi = defineApi({
  // Its routes call its own use cases (issue 52); the client is for the page records (the gateway's
  // process in cluster mode) and the catalogue's routes.
  clients: { learning: learningClient },
  pageRecords: (ctx) => {
    const learning = ctx.client<learningV1.LearningServiceServer>('learning');
    return { certificate: (id) => learning.verifyCertificate({ id }, null) };
  },
  routes: (ctx) => {
    const { learning, certificates, exams, practicals, practice } = ctx.useCases<LearningUseCases>(ServiceNames.learning);
    const deps: LearningRouteDeps = {
      learning,
      certificates,
      identity: ctx.client<identityV1.IdentityServiceServer>('identity'),
      tokens: ctx.tokens,
      catalogue: ctx.client<catalogueV1.CatalogueServiceServer>('catalogue'),
      files: ctx.files,
    };
    return [
      // Lesson video streams: a playing <video> sends a range request every few seconds.
      videoStreamRoutes({ files: ctx.files, serviceKeys: ctx.serviceKeys }),
      ...[classroomRoutes, backOfficeRoutes, certificateRoutes].map((group) => group(deps)),
      examRoutes({ ...deps, exams }),
      practicalRoutes({ ...deps, practicals }),
      practiceRoutes({ ...deps, practice }),
    ];
  },
});
