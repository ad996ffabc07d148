/** Messaging's slice of the public API: contact messages, student ↔ instructor messages, mass mail and notifications (with the live push). */
import type { catalogueV1, identityV1, messagingV1, questionsV1 } from '@taal/contracts';
import { defineApi } from '@taal/edge';
import { messagingClient, questionsClient } from './client';
import { messagingLimiters } from './limits';
import { NotificationHub } from './live';
import { messagingRoutes } from './messaging';
import { questionRoutes } from './questions';

export const messagingApi = defineApi({
  clients: { messaging: messagingClient, questions: questionsClient },
  limiters: messagingLimiters,
  routes: (ctx, limiters) => {
    const messaging = ctx.client<messagingV1.MessagingServiceServer>('messaging');
    const hub = new NotificationHub(messaging, ctx.tokens, ctx.logger);
    // Open notification streams would keep the edge's server from closing.
    ctx.onStop(() => hub.close());
    return [
      messagingRoutes({
        messaging,
        identity: ctx.client<identityV1.IdentityServiceServer>('identity'),
        tokens: ctx.tokens,
        catalogue: ctx.client<catalogueV1.CatalogueServiceServer>('catalogue'),
        contactLimiter: limiters.contact,
        hub,
      }),
      questionRoutes({ questions: ctx.client<questionsV1.LessonQuestionsServiceServer>('questions'), identity: ctx.client<identityV1.IdentityServiceServer>('identity'), tokens: ctx.tokens }),
    ];
  },
});
