/** Messaging's slice of the public API: contact messages, student ↔ instructor messages, mass mail and notifications (with the live push). */
import { ServiceNames, type catalogueV1, type identityV1 } from '@taal/contracts';
import { callerFor, defineApi } from '@taal/edge';
import { conductRoutes } from './conduct';
import { messagingLimiters } from './limits';
import { NotificationHub } from './live';
import { contactRoutes } from './contact';
import { massMailRoutes } from './mass-mail';
import { notificationRoutes } from './notifications';
import type { MessagingRouteDeps, MessagingUseCases } from './shape';
import { studentMessageRoutes } from './student-messages';
import { questionRoutes } from './questions';
import { reviewRoutes } from './reviews';

export const messagingApi = defineApi({
  // Its routes call its own use cases (issue 52): other services ask messaging nothing over gRPC.
  clients: {},
  limiters: messagingLimiters,
  routes: (ctx, limiters) => {
    const { messaging, massMails, questions, reviews, conduct } = ctx.useCases<MessagingUseCases>(ServiceNames.messaging);
    // The live push polls the notifications changed, as messaging itself (no user).
    const hub = new NotificationHub((after) => messaging.changes(callerFor(ServiceNames.messaging, null), after), ctx.tokens, ctx.logger);
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
      massMailRoutes(massMails, ctx.tokens),
      reviewRoutes({ reviews, identity: ctx.client<identityV1.IdentityServiceServer>('identity'), tokens: ctx.tokens, writes: limiters.writes }),
      conductRoutes({ conduct, identity: deps.identity, tokens: ctx.tokens }),
      questionRoutes({ questions, identity: ctx.client<identityV1.IdentityServiceServer>('identity'), tokens: ctx.tokens, writes: limiters.writes }),
    ];
  },
});
