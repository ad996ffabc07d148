import type { identityV1 } from '@taal/contracts';
import { unaryHandler } from '@taal/kit';
import type { IdentityCalls } from '../app/calls';

/**
 * gRPC adapter of the identity use cases that other services ask (decision 0093): a user's or users'
 * accounts and photo (messaging, learning, the other services' routes), the instructors' accounts and a
 * mass mail's audience (messaging), a suspension (messaging's conduct screen) and the users' figures
 * (payouts' dashboard). Each call's check of who may ask is in the use case (../app/calls).
 */
export function identityGrpcService(calls: IdentityCalls): identityV1.IdentityServiceServer {
  return {
    getUser: unaryHandler((req: identityV1.GetUserRequest, ctx) => calls.getUser(ctx, req)),
    getUsers: unaryHandler((req: identityV1.GetUsersRequest, ctx) => calls.getUsers(ctx, req)),
    getUserPhoto: unaryHandler((req: identityV1.GetUserPhotoRequest, ctx) => calls.getUserPhoto(ctx, req)),
    listUsers: unaryHandler((req: identityV1.ListUsersRequest, ctx) => calls.listUsers(ctx, req)),
    listMailAudience: unaryHandler((req: identityV1.ListMailAudienceRequest, ctx) => calls.listMailAudience(ctx, req)),
    setSuspended: unaryHandler((req: identityV1.SetSuspendedRequest, ctx) => calls.setSuspended(ctx, req)),
    userAnalytics: unaryHandler((req: identityV1.UserAnalyticsRequest, ctx) => calls.userAnalytics(ctx, req)),
  };
}
