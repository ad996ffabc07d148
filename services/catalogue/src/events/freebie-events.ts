import { CatalogueEvents, freebiesV1 } from '@taal/contracts';
import { createEnvelope, enqueueEvent, type SqlExecutor } from '@taal/kit';
import { SCHEMA } from '../store/course-rows';

/** Records `catalogue.freebie.updated` (created or changed) or `catalogue.freebie.deleted` in the caller's transaction (outbox). */
export async function recordFreebieChanged(tx: SqlExecutor, freebie: freebiesV1.Freebie, change: 'updated' | 'deleted'): Promise<void> {
  await enqueueEvent(
    tx,
    SCHEMA,
    createEnvelope({
      type: change === 'updated' ? CatalogueEvents.freebieUpdated : CatalogueEvents.freebieDeleted,
      key: freebie.id,
      payload: freebiesV1.FreebieChanged.encode({ freebie }).finish(),
    }),
  );
}

/** Records `catalogue.popup.updated` in the caller's transaction (outbox). */
export async function recordPopupUpdated(tx: SqlExecutor, popup: freebiesV1.Popup): Promise<void> {
  await enqueueEvent(
    tx,
    SCHEMA,
    createEnvelope({ type: CatalogueEvents.popupUpdated, key: popup.id, payload: freebiesV1.PopupUpdated.encode({ popup }).finish() }),
  );
}
