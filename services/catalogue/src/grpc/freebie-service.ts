import type { freebiesV1 } from '@taal/contracts';
import { unaryHandler } from '@taal/kit';
import type { Freebies } from '../app/freebies';

/**
 * gRPC adapter of the freebie use cases that something outside the catalogue's own routes calls
 * (src/app/freebies.ts): the gateway's page records ask whether a freebie's page names one (the web
 * server's own process in cluster mode). The catalogue's routes call the use cases directly (issue 52,
 * decision 0093).
 */
export function freebieGrpcService(freebies: Freebies): freebiesV1.FreebieServiceServer {
  return {
    getFreebie: unaryHandler(async (req: freebiesV1.GetFreebieRequest) => ({ freebie: await freebies.get(req.id) })),
  };
}
