import { catalogueV1, freebiesV1 } from '@taal/contracts';
import type { ClientSpec, ServiceApi } from '@taal/edge';

/**
 * Typed, promise-based access to the catalogue service; every call carries a deadline. Reads go
 * without a user (published items only) unless a staff caller is forwarded for drafts; every
 * write forwards the caller, and the catalogue checks the role (decision 0020).
 */
export type CatalogueApi = ServiceApi<catalogueV1.CatalogueServiceServer>;

/**
 * The catalogue's freebies and landing popup (`taal.catalogue.v1.FreebieService`, served by the
 * catalogue process beside its course service): reads need no user, writes forward the caller,
 * whose role the catalogue checks (decision 0017).
 */
export type FreebiesApi = ServiceApi<freebiesV1.FreebieServiceServer>;

export const catalogueClient: ClientSpec = {
  Client: catalogueV1.CatalogueServiceClient,
  definition: catalogueV1.CatalogueServiceService,
  codecs: catalogueV1,
};

export const freebiesClient: ClientSpec = {
  Client: freebiesV1.FreebieServiceClient,
  definition: freebiesV1.FreebieServiceService,
  codecs: freebiesV1,
};
