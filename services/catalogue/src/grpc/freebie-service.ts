import type { freebiesV1 } from '@taal/contracts';
import { unaryHandler } from '@taal/kit';
import type { Freebies } from '../app/freebies';

/** gRPC adapter of freebies and the popup (src/app/freebies.ts). */
export function freebieGrpcService(freebies: Freebies): freebiesV1.FreebieServiceServer {
  return {
    listFreebies: unaryHandler(async () => ({ freebies: await freebies.list() })),
    getFreebie: unaryHandler(async (req: freebiesV1.GetFreebieRequest) => ({ freebie: await freebies.get(req.id) })),
    createFreebie: unaryHandler(async (req: freebiesV1.CreateFreebieRequest, { identity }) => ({ freebie: await freebies.create(identity, req) })),
    updateFreebie: unaryHandler(async (req: freebiesV1.UpdateFreebieRequest, { identity }) => freebies.update(identity, req)),
    deleteFreebie: unaryHandler(async (req: freebiesV1.DeleteFreebieRequest, { identity }) => freebies.delete(identity, req.id)),
    getPopup: unaryHandler(async (req: freebiesV1.GetPopupRequest) => ({ popup: await freebies.getPopup(req.id) })),
    updatePopup: unaryHandler(async (req: freebiesV1.UpdatePopupRequest, { identity }) => freebies.updatePopup(identity, req)),
  };
}
