/** The landing popup: its public read (cached) and the admin's write with its thumbnail. */
import { z } from 'zod';
import { FreebieLimits as L, FreebieMessages as M, freebiesV1, refusalText, type FieldRefusals } from '@taal/contracts';
import { answer, done, fail, idParam, envelope, refusal, defineRoute, type RouteSpec, acceptUploads, checkUploads, storeUploads, UPLOAD_LIMITS } from '@taal/edge';
import { userOf } from './shape';
import { PopupSchema, toApiPopup, type FreebieRouteDeps, binary, IMAGE_TYPES, mb, textOf, settleUncertain, release, tooLarge, formRefused, freebieGuards, cachedReadOf } from './freebies-shape';

const popupForm = () => acceptUploads({ thumbnail: { kind: 'image' } }, { maxFields: 10, maxFieldBytes: 16 * 1024 });

const popupForm_ = z.object({
  title: z.string().meta({ description: `Required; at most ${L.popupTitle} characters` }),
  body: z.string().meta({ description: `Required, plain text; at most ${L.popupBody} characters` }),
  show: z.enum(['true', 'false', 'yes', 'no']).meta({ description: 'Whether the landing page shows it' }),
  thumbnail: binary(`An image, at most ${mb(UPLOAD_LIMITS.image)}; optional (keeps the current one)`).optional(),
});

const popupId = { id: { ...idParam.id, description: 'The popup id (LANDING_POPUP_ID)', invalid: () => refusal('POPUP_NOT_FOUND') } };

export function popupRoutes(deps: FreebieRouteDeps): RouteSpec[] {
  const { freebies, tokens, cache, files } = deps;
  const { admin } = freebieGuards(tokens);
  const read = cachedReadOf(cache);

  return [
    defineRoute({
      method: 'get',
      path: '/popup/find/{id}',
      summary: 'The landing popup: title, body, thumbnail and whether to show it',
      params: popupId,
      fairUse: 'reads',
      responses: { 200: answer(envelope(PopupSchema)), 404: fail(refusalText('POPUP_NOT_FOUND')) },
      handler: read(
        (req) => `popup:${String(req.params.id)}`,
        async (req) => toApiPopup(await freebies.getPopup(String(req.params.id))),
      ),
    }),
    defineRoute({
      method: 'post',
      path: '/popup/{id}',
      summary: "Change the landing popup: 'Popup Created Successfully!!!'",
      auth: admin,
      params: popupId,
      body: { schema: popupForm_, mediaType: 'multipart/form-data', documented: popupForm_, encoding: { thumbnail: IMAGE_TYPES } },
      before: [popupForm()],
      responses: { 200: answer(done(PopupSchema)), ...formRefused, 404: fail(refusalText('POPUP_NOT_FOUND')), ...tooLarge },
      handler: async ({ req, res, param }) => {
        const uploads = await checkUploads(req);
        const show = textOf(req, 'show')?.trim().toLowerCase();
        const problems: Record<string, FieldRefusals[string]> = {};
        for (const name of ['title', 'body']) if (!textOf(req, name)) problems[name] = 'ENTRY_REQUIRED';
        if (!show || !['true', 'false', 'yes', 'no'].includes(show)) problems.show = 'ENTRY_TRUE_OR_FALSE';
        if (Object.keys(problems).length > 0) throw refusal('FIELDS_NOT_FILLED', { fields: problems });
        const result = await storeUploads(files, async (store) => {
          const thumbnail = uploads.thumbnail?.[0] ? (await store.image(uploads.thumbnail[0])).url : '';
          return freebies
            .updatePopup(
              userOf(res),
              freebiesV1.UpdatePopupRequest.fromPartial({ id: param('id'), title: textOf(req, 'title'), body: textOf(req, 'body'), thumbnail, show: show === 'true' || show === 'yes' }),
            )
            .catch((err: unknown) =>
              settleUncertain(err, async () => {
                const now = await freebies.getPopup(param('id'));
                return now && thumbnail && now.thumbnail === thumbnail ? { popup: now, releasedFiles: [] } : null;
              }),
            );
        });
        cache.invalidateAll();
        await release(files, result.releasedFiles);
        res.json({ success: true, message: M.popupSaved, data: toApiPopup(result.popup!) });
      },
    }),
  ];
}
