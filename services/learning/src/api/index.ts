/** Learning's slice of the public API: lesson video streams, lessons, the classroom, certificates and expired subscriptions. */
import type { catalogueV1, examsV1, identityV1, learningV1, practicalV1, practiceV1 } from '@taal/contracts';
import { defineApi } from '@taal/edge';
import { examsClient, learningClient, practicalClient, practiceClient } from './client';
import { examRoutes } from './exams';
import { practicalRoutes } from './practicals';
import { practiceRoutes } from './practice';
import { backOfficeRoutes } from './back-office';
import { certificateRoutes } from './certificates';
import { classroomRoutes } from './classroom';
import type { LearningRouteDeps } from './shape';
import { videoStreamRoutes } from './video';

export const learningApi = defineApi({
  clients: { learning: learningClient, exams: examsClient, practicals: practicalClient, practice: practiceClient },
  pageRecords: (ctx) => {
    const learning = ctx.client<learningV1.LearningServiceServer>('learning');
    return { certificate: (id) => learning.verifyCertificate({ id }, null) };
  },
  routes: (ctx) => {
    const learning = ctx.client<learningV1.LearningServiceServer>('learning');
    const deps: LearningRouteDeps = {
      learning,
      identity: ctx.client<identityV1.IdentityServiceServer>('identity'),
      tokens: ctx.tokens,
      catalogue: ctx.client<catalogueV1.CatalogueServiceServer>('catalogue'),
      files: ctx.files,
    };
    return [
      // Lesson video streams: a playing <video> sends a range request every few seconds.
      videoStreamRoutes({ files: ctx.files, serviceKeys: ctx.serviceKeys }),
      ...[classroomRoutes, backOfficeRoutes, certificateRoutes].map((group) => group(deps)),
      examRoutes({ ...deps, exams: ctx.client<examsV1.ExamServiceServer>('exams') }),
      practicalRoutes({ ...deps, practicals: ctx.client<practicalV1.PracticalServiceServer>('practicals') }),
      practiceRoutes({ ...deps, practice: ctx.client<practiceV1.PracticeServiceServer>('practice') }),
    ];
  },
});
