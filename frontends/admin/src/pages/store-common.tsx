// What the store's admin pages share: the API's row types, page sizes, taka and poisha, the refusal toast, a labelled field.
import type { TFunction } from 'i18next';
import { type ReactNode } from 'react';
import { takaToPoisha } from '@taal/contracts/web';
import { ApiError, type ApiPaths } from '@taal/web-shared/api';
import { translateApiError } from '@taal/web-shared/errors';
import { poishaToBdt } from '@taal/web-shared/format';
import { storeToast } from '@taal/web-shared/toast';

export type Ok<P extends keyof ApiPaths> = ApiPaths[P]['get'] extends { responses: { 200: { content: { 'application/json': infer B } } } } ? B : never;
export type Category = Ok<'/api/v1/store/category/'>['data'][number];
export type Product = Ok<'/api/v1/store/product/'>['data'][number];
export type StoreOrder = Ok<'/api/v1/store/order/'>['data'][number];
export type GiftCard = Ok<'/api/v1/store/gift-card/'>['data'][number];

export const CATEGORY_PAGE = 4;
export const TABLE_PAGE = 10;
export const INIT_MS = 1000;

export const bdt = (poisha: number) => poishaToBdt(poisha);
/** Typed taka (checked with isTaka first) as the form's poisha text. */
export const toPoisha = (taka: string) => String(takaToPoisha(taka));
export const isTaka = (v: string) => takaToPoisha(v) !== null;

/** A refusal by its key in the reader's language (decision 0026); anything else 'adminStore.failed'. */
export function failed(t: TFunction, err: unknown) {
  console.error('store admin call failed', err);
  storeToast(translateApiError(t, err, 'adminStore.failed'), 'error');
}

/** A delete answers no `data` for `answer`: its refusal as an ApiError that keeps its key. */
export async function deleted(call: Promise<{ response: Response; error?: unknown }>): Promise<void> {
  const { response, error } = await call;
  if (response.ok) return;
  const body = error as { message?: string; reason?: string; params?: Record<string, string | number> } | undefined;
  throw new ApiError(body?.message ?? 'failed', response.status, body?.reason, undefined, body?.reason, undefined, body?.params);
}

export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="field">
      <span>{label}</span>
      {children}
    </label>
  );
}

export const readDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
