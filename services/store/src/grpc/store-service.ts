import type { storeV1 } from '@taal/contracts';
import { unaryHandler } from '@taal/kit';
import type { Catalog } from '../app/catalog';

/**
 * gRPC adapter of the store's use cases that something outside its own routes calls (src/app): requests
 * in, answers out. The gateway's page records read a gift card by its slug (the web server's own process
 * in cluster mode). The store's own routes call the use cases directly (issue 52, decision 0093).
 */
export function storeGrpcService(catalog: Catalog): storeV1.StoreServiceServer {
  return {
    getProduct: unaryHandler(async (req: storeV1.GetProductRequest) => ({ product: await catalog.getProduct(req) })),
  };
}
