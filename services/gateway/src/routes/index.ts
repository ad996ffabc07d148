import type { ResponseCache } from '../cache/response-cache';
import type { CatalogueApi } from '../clients/catalogue';
import type { CommerceApi } from '../clients/commerce';
import type { FreebiesApi } from '../clients/freebies';
import type { Logger } from 'pino';
import type { IdentityApi } from '../clients/identity';
import type { LearningApi } from '../clients/learning';
import type { MessagingApi } from '../clients/messaging';
import type { StoreApi } from '../clients/store';
import type { PayoutsApi } from '../clients/payouts';
import type { GuessLimiter } from '../http/rate-limit';
import type { FileStore } from '@taal/kit';
import type { JWTVerifyGetKey } from 'jose';
import type { RouteSpec } from '../http/route-table';
import { commerceRoutes } from './commerce';
import { courseAdminRoutes, courseRoutes } from './course';
import { courseWriteRoutes } from './course/admin-writes';
import { freebieRoutes } from './freebies';
import { instructorRoutes } from './instructor';
import { learningRoutes } from './learning';
import { videoStreamRoutes } from './learning/video';
import { messagingRoutes, type ContactLimiter, type NotificationHub } from './messaging';
import { storeRoutes } from './store';
import { payoutRoutes } from './payouts';
import { profileRoutes } from './user/profile';
import { mediaRoutes } from './media';
import { userRoutes, type UserRouteLimiters } from './user';

export interface ApiRouteDeps {
  catalogue: CatalogueApi;
  identity: IdentityApi;
  commerce: CommerceApi;
  cache: ResponseCache;
  limiters: UserRouteLimiters;
  logger: Logger;
  learning: LearningApi;
  messaging: MessagingApi;
  contactLimiter: ContactLimiter;
  notificationHub: NotificationHub;
  /** The gift-card store, and its limit on wrong codes (per user and per address). */
  store: StoreApi;
  /** Instructor earnings, dues, settlements and sales analytics. */
  payouts: PayoutsApi;
  giftCardGuesses: GuessLimiter;
  /** The catalogue's freebies and landing popup. */
  freebies: FreebiesApi;
  /** Where lesson videos are stored (streamed by /video/{filename}). */
  files: FileStore;
  /** Every service's public key (checks learning's signed video URLs). */
  serviceKeys: JWTVerifyGetKey;
}

/** Every /api/v1 route, declared once per resource: app.ts mounts them, openapi.ts documents them. */
export function apiRouteGroups(deps: ApiRouteDeps): RouteSpec[][] {
  return [
    // Lesson video streams first: a playing <video> sends a range request every few seconds.
    videoStreamRoutes({ files: deps.files, serviceKeys: deps.serviceKeys }),
    // The back office's course switches (declared first: `adminallcourse` is never read as an id).
    courseAdminRoutes(deps.catalogue, deps.identity),
    // Adding and changing courses, instructors and upcoming courses (files through http/uploads).
    courseWriteRoutes({ catalogue: deps.catalogue, learning: deps.learning, identity: deps.identity, files: deps.files, cache: deps.cache }),
    courseRoutes(deps.catalogue, deps.cache),
    instructorRoutes(deps.catalogue, deps.cache),
    // Freebies and the landing popup: public reads (cached), back-office writes with uploads.
    freebieRoutes({ freebies: deps.freebies, identity: deps.identity, cache: deps.cache, files: deps.files }),
    // Accounts and the back office's user management: every protected route checks its role.
    userRoutes(deps.identity, deps.limiters, deps.commerce),
    // Cart, wishlist, wallet and orders (students, their own only) and vouchers (admins).
    commerceRoutes(deps.commerce, deps.identity, deps.logger),
    // Lessons, videos, the classroom and expired subscriptions.
    learningRoutes({ learning: deps.learning, identity: deps.identity, catalogue: deps.catalogue, files: deps.files }),
    // Contact messages, student ↔ instructor messages and notifications (with the live push).
    messagingRoutes({ messaging: deps.messaging, identity: deps.identity, catalogue: deps.catalogue, contactLimiter: deps.contactLimiter, hub: deps.notificationHub }),
    // The gift-card store: listing, orders and card payments, redeeming, and the back office's store screens.
    storeRoutes({ store: deps.store, identity: deps.identity, commerce: deps.commerce, files: deps.files, guesses: deps.giftCardGuesses, logger: deps.logger }),
    // Instructor earnings, dues, settlements, statements and the back office's sales analytics.
    payoutRoutes({ payouts: deps.payouts, identity: deps.identity, catalogue: deps.catalogue }),
    // The Profile tab's own password and photo change (POST user/).
    profileRoutes(deps.identity),
    // Images and documents uploaded through the back office (http/uploads).
    mediaRoutes(deps.files),
  ];
}
