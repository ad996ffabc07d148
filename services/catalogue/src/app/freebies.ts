/**
 * Freebies and the landing popup: reads for everyone; freebie writes for the admin (1) and the
 * content role (2), the popup for the admin only (decision 0017). Every write records its event
 * in the same transaction (outbox): the gateway drops its cached reads when it arrives.
 */
import { randomUUID } from 'node:crypto';
import type { FieldRefusals, freebiesV1 } from '@taal/contracts';
import { UserRoles, refuse, refuseFields, type CallerIdentity, type Sql } from '@taal/kit';
import { filesOf, freebieProblems, popupProblems, type FreebieFields } from '../domain/freebie';
import { sanitizeRichText } from '../domain/rich-text';
import { recordFreebieChanged, recordPopupUpdated } from '../events/freebie-events';
import type { FreebieStore, FreebieValues } from '../store/freebie-store';

type Caller = CallerIdentity | null;

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

function assertRole(caller: Caller, ...allowed: number[]): void {
  if (!caller) throw refuse('LOGIN_FIRST');
  if (!allowed.includes(caller.userType)) throw refuse('ROLE_MAY_NOT_CHANGE');
}

/** A form with problems: the spec's headline, each field's own key. */
const notFilled = (fields: FieldRefusals) => refuseFields(fields, 'FIELDS_NOT_FILLED');

const trimmed = (v: FreebieFields): FreebieValues => ({
  title: v.title.trim(),
  subtitle: v.subtitle.trim(),
  category: v.category.trim(),
  description: v.description,
  thumbnail: v.thumbnail,
  youtube: v.youtube.trim(),
  documents: v.documents.map((d) => ({ path: d.path, name: d.name.trim() })),
  carouselImages: [...v.carouselImages],
});

export class Freebies {
  constructor(
    private readonly sql: Sql,
    private readonly store: FreebieStore,
    private readonly afterCommit: () => void,
  ) {}

  list() {
    return this.store.list();
  }

  async get(id: string) {
    const freebie = UUID.test(id) ? await this.store.get(id) : null;
    if (!freebie) throw refuse('FREEBIE_NOT_FOUND');
    return freebie;
  }

  async create(caller: Caller, req: freebiesV1.CreateFreebieRequest) {
    assertRole(caller, UserRoles.admin, UserRoles.content);
    const id = req.id || randomUUID();
    if (!UUID.test(id)) throw refuse('INVALID_ID');
    const values = trimmed({ ...req, description: sanitizeRichText(req.description) });
    const problems = freebieProblems(values);
    if (Object.keys(problems).length > 0) throw notFilled(problems);
    const created = await this.sql.transaction(async (tx) => {
      const freebie = await this.store.insert(tx, id, values);
      if (freebie) await recordFreebieChanged(tx, freebie, 'updated');
      return freebie;
    });
    if (!created) {
      // A retried create (same id): answer what was created the first time.
      const existing = await this.store.get(id);
      if (!existing) throw refuse('FREEBIE_NOT_FOUND');
      return existing;
    }
    this.afterCommit();
    return created;
  }

  async update(caller: Caller, req: freebiesV1.UpdateFreebieRequest) {
    assertRole(caller, UserRoles.admin, UserRoles.content);
    if (!UUID.test(req.id)) throw refuse('FREEBIE_NOT_FOUND');
    const result = await this.sql.transaction(async (tx) => {
      const before = await this.store.get(req.id, tx, true);
      if (!before) throw refuse('FREEBIE_NOT_FOUND');
      const next = trimmed({
        title: req.title ?? before.title,
        subtitle: req.subtitle ?? before.subtitle,
        category: req.category ?? before.category,
        description: req.description === undefined ? before.description : sanitizeRichText(req.description),
        thumbnail: req.thumbnail || before.thumbnail,
        youtube: req.youtube ?? before.youtube,
        documents: req.documents ? req.documents.items : before.documents,
        carouselImages: req.carouselImages ? req.carouselImages.items : before.carouselImages,
      });
      const problems = freebieProblems(next);
      if (Object.keys(problems).length > 0) throw notFilled(problems);
      const freebie = (await this.store.update(tx, req.id, next))!;
      await recordFreebieChanged(tx, freebie, 'updated');
      const kept = new Set(filesOf(freebie));
      return { freebie, releasedFiles: filesOf(before).filter((f) => !kept.has(f)) };
    });
    this.afterCommit();
    return result;
  }

  async delete(caller: Caller, id: string) {
    assertRole(caller, UserRoles.admin, UserRoles.content);
    if (!UUID.test(id)) throw refuse('FREEBIE_NOT_FOUND');
    const freebie = await this.sql.transaction(async (tx) => {
      const deleted = await this.store.delete(tx, id);
      if (!deleted) throw refuse('FREEBIE_NOT_FOUND');
      await recordFreebieChanged(tx, deleted, 'deleted');
      return deleted;
    });
    this.afterCommit();
    return { freebie, releasedFiles: filesOf(freebie) };
  }

  async getPopup(id: string) {
    const popup = UUID.test(id) ? await this.store.getPopup(id) : null;
    if (!popup) throw refuse('POPUP_NOT_FOUND');
    return popup;
  }

  async updatePopup(caller: Caller, req: freebiesV1.UpdatePopupRequest) {
    assertRole(caller, UserRoles.admin);
    if (!UUID.test(req.id)) throw refuse('POPUP_NOT_FOUND');
    const result = await this.sql.transaction(async (tx) => {
      const before = await this.store.getPopup(req.id, tx, true);
      if (!before) throw refuse('POPUP_NOT_FOUND');
      const next = { title: req.title.trim(), body: req.body.trim(), thumbnail: req.thumbnail || before.thumbnail, show: req.show };
      const problems = popupProblems(next);
      if (Object.keys(problems).length > 0) throw notFilled(problems);
      const popup = (await this.store.updatePopup(tx, req.id, next))!;
      await recordPopupUpdated(tx, popup);
      return { popup, releasedFiles: before.thumbnail && before.thumbnail !== popup.thumbnail ? [before.thumbnail] : [] };
    });
    this.afterCommit();
    return result;
  }
}
