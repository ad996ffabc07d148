import { ServiceNames } from '@taal/contracts';
import { callerFor, callerOf, type AuthenticatedCaller } from '@taal/edge';
import type { Response } from 'express';
import type { Catalogue } from '../app/catalogue';
import type { Freebies } from '../app/freebies';
import type { Search } from '../app/search';

/** The catalogue's use cases (src/app), which its routes call directly: they run beside them (issue 52). */
export interface CatalogueUseCases {
  catalogue: Catalogue;
  freebies: Freebies;
  search: Search;
}

/**
 * How a route calls the catalogue's use cases: as the catalogue itself, for the caller the edge verified
 * (issue 52). The catalogue is no draft reader (only payouts and learning, asking over gRPC as themselves,
 * are: grpc/catalogue-service.ts), so a route sees drafts only for a back-office user, as when the gateway
 * called: the routes never pass `trustedService`.
 */
export const forCaller = (caller: AuthenticatedCaller | null) => callerFor(ServiceNames.catalogue, caller);

/** The signed-in user a route's use case is called for (the catalogue's use cases read the caller's identity). */
export const userOf = (res: Response) => forCaller(callerOf(res)).identity;
