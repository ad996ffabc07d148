import type { ResponseCache } from '../cache/response-cache';
import type { CatalogueApi } from '../clients/catalogue';
import type { CommerceApi } from '../clients/commerce';
import type { Logger } from 'pino';
import type { IdentityApi } from '../clients/identity';
import type { LearningApi } from '../clients/learning';
import type { FileStore } from '@taal/kit';
import type { JWTVerifyGetKey } from 'jose';
import type { RouteSpec } from '../http/route-table';
import { commerceRoutes } from './commerce';
import { courseAdminRoutes, courseRoutes } from './course';
import { instructorRoutes } from './instructor';
import { learningRoutes } from './learning';
import { userRoutes, type UserRouteLimiters } from './user';

export interface ApiRouteDeps {
  catalogue: CatalogueApi;
  identity: IdentityApi;
  commerce: CommerceApi;
  cache: ResponseCache;
  limiters: UserRouteLimiters;
  logger: Logger;
  learning: LearningApi;
  /** Where lesson videos are stored (streamed by /video/{filename}). */
  files: FileStore;
  /** Every service's public key (checks learning's signed video URLs). */
  serviceKeys: JWTVerifyGetKey;
}

/** Every /api/v1 route, declared once per resource: app.ts mounts them, openapi.ts documents them. */
export function apiRouteGroups(deps: ApiRouteDeps): RouteSpec[][] {
  return [
    // The back office's course switches (declared first: `adminallcourse` is never read as an id).
    courseAdminRoutes(deps.catalogue, deps.identity),
    courseRoutes(deps.catalogue, deps.cache),
    instructorRoutes(deps.catalogue, deps.cache),
    // Accounts and the back office's user management: every protected route checks its role.
    userRoutes(deps.identity, deps.limiters, deps.commerce),
    // Cart, wishlist, wallet and orders (students, their own only) and vouchers (admins).
    commerceRoutes(deps.commerce, deps.identity, deps.logger),
    // Lessons, videos, the classroom and expired subscriptions.
    learningRoutes({ learning: deps.learning, identity: deps.identity, catalogue: deps.catalogue, files: deps.files, serviceKeys: deps.serviceKeys }),
  ];
}
