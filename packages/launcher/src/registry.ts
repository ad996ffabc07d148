/**
 * The service registry (decision 0011): every service of Taal, one line each. The launcher
 * starts them in this order (the HTTP edge after the gRPC services; identity first, since the
 * others read its JWKS), the gateway derives its clients and probes from it, the keys cover
 * its names and a test checks that the Helm chart lists the same services.
 */
import { catalogueService } from '@taal/catalogue';
import { commerceService } from '@taal/commerce';
import { gatewayService } from '@taal/gateway';
import { identityService } from '@taal/identity';
import { learningService } from '@taal/learning';
import { messagingService } from '@taal/messaging';
import { payoutsService } from '@taal/payouts';
import { storeService } from '@taal/store';
import type { AnyServiceDescription } from '@taal/kit';

export const services: readonly AnyServiceDescription[] = [
  identityService,
  catalogueService,
  commerceService,
  learningService,
  messagingService,
  storeService,
  payoutsService,
  gatewayService,
];
