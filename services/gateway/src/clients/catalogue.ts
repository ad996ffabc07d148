import { catalogueV1, ServiceNames } from '@taal/contracts';
import type { ServiceTokenIssuer } from '@taal/kit';
import { connectService, type ServiceApi } from './service-client';

/**
 * Typed, promise-based access to the catalogue service; every call carries a deadline. Reads go
 * without a user (published items only) unless a staff caller is forwarded for drafts; every
 * write forwards the caller, and the catalogue checks the role (decision 0020).
 */
export type CatalogueApi = ServiceApi<catalogueV1.CatalogueServiceServer>;

export function connectCatalogue(address: string, deadlineMs: number, issuer: ServiceTokenIssuer): CatalogueApi {
  return connectService<catalogueV1.CatalogueServiceServer>({
    Client: catalogueV1.CatalogueServiceClient,
    definition: catalogueV1.CatalogueServiceService,
    codecs: catalogueV1,
    address,
    audience: ServiceNames.catalogue,
    issuer,
    deadlineMs,
  });
}
