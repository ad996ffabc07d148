import { catalogueV1, freebiesV1 } from '@taal/contracts';
import type { ClientSpec } from '@taal/edge';

/**
 * How the edge reaches the catalogue over gRPC: only for its page records (index.ts), which run in the
 * gateway's process in a cluster. Its routes call its use cases directly (issue 52, decision 0093).
 */
export const catalogueClient: ClientSpec = {
  Client: catalogueV1.CatalogueServiceClient,
  definition: catalogueV1.CatalogueServiceService,
  codecs: catalogueV1,
};

/** The catalogue's freebies (`taal.catalogue.v1.FreebieService`, beside its course service): a freebie page's record. */
export const freebiesClient: ClientSpec = {
  Client: freebiesV1.FreebieServiceClient,
  definition: freebiesV1.FreebieServiceService,
  codecs: freebiesV1,
};
