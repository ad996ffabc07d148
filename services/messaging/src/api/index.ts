/** Messaging's slice of the public API: contact messages, student ↔ instructor messages, mass mail and notifications (with the live push). */
import type { catalogueV1, conductV1, identityV1, messagingV1, questionsV1, reviewsV1 } from '@taal/contracts';
import { defineApi } from '@taal/edge';
import { conductClient, messagingClient, questionsClient } from './client';
import { conductRoutes } from './conduct';
import { messagingLimiters } from './limits';
import { NotificationHub } from './live';
import { contactRoutes } from './contact';
import { massMailRoutes } from './mass-mail';
import { notificationRoutes } from './notifications';
import type { MessagingRouteDeps } from './shape';
import { studentMessageRoutes } from './student-messages';
import { questionRoutes } from './questions';
import { reviewRoutes } from './reviews';
import { reviewsClient } from './reviews-client';

export const messagingApi = defineApi({
  clients: { messaging: messagingClient, questions: questionsClient, reviews: reviewsClient, conduct: conductClient },
  limiters: messagingLimiters,
  routes: (ctx, limiters) => {
    const messaging = ctx.client<messagingV1.MessagingServiceServer>('messaging');
    const hub = new NotificationHub(messaging, ctx.tokens, ctx.logger);
    // Open notification streams would keep the edge's server from closing.
    ctx.onStop(() => hub.close());
    const deps: MessagingRouteDeps = {
      messaging,
      identity: ctx.client<identityV1.IdentityServiceServer>('identity'),
      tokens: ctx.tokens,
      catalogue: ctx.client<catalogueV1.CatalogueServiceServer>('catalogue'),
      contactLimiter: limiters.contact,
      writes: limiters.writes,
      hub,
    };
    return [
      ...[contactRoutes, studentMessageRoutes, notificationRoutes].map((group) => group(deps)),
      massMailRoutes(messaging, ctx.tokens),
      reviewRoutes({ reviews: ctx.client<reviewsV1.ReviewServiceServer>('reviews'), identity: ctx.client<identityV1.IdentityServiceServer>('identity'), tokens: ctx.tokens, writes: limiters.writes }),
      conductRoutes({ conduct: ctx.client<conductV1.ConductServiceServer>('conduct'), identity: deps.identity, tokens: ctx.tokens }),
      questionRoutes({ questions: ctx.client<questionsV1.LessonQuestionsServiceServer>('questions'), identity: ctx.client<identityV1.IdentityServiceServer>('identity'), tokens: ctx.tokens, writes: limiters.writes }),
    ];
  },
});
