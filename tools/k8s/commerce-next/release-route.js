'use strict';
// The one route commerce's next build adds (tools/k8s/commerce-next): which build of commerce answers.
const { z } = require('zod');
const { answer, defineRoute } = require('@taal/edge');

exports.releaseRoutes = () => [
  defineRoute({
    method: 'get',
    path: '/commerce/release',
    summary: 'Which build of commerce answers (its next build, in the install check)',
    responses: { 200: answer(z.object({ success: z.literal(true), message: z.string(), data: z.object({ build: z.string() }) })) },
    handler: async ({ res }) => {
      res.json({ success: true, message: 'success', data: { build: 'next' } });
    },
  }),
];
