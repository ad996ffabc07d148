// Toasts are rendered by the shell (bottom-centre, 7000 ms); any remote raises one with this event.
export type ToastKind = 'info' | 'success' | 'error';
export interface ToastDetail {
  message: string;
  kind: ToastKind;
  /** Where and how long: the default is bottom-centre for TOAST_MS; the store's are top-centre for 5 s. */
  placement?: 'bottom' | 'top';
  durationMs?: number;
  /** Dismissed as soon as someone logs in (a 'Please login first' is stale after the login). */
  untilLogin?: boolean;
}
export const TOAST_EVENT = 'taal:toast';
export const TOAST_MS = 7000;

export function toast(message: string, kind: ToastKind = 'info', options: Pick<ToastDetail, 'untilLogin'> = {}): void {
  window.dispatchEvent(new CustomEvent<ToastDetail>(TOAST_EVENT, { detail: { message, kind, ...options } }));
}

/** Spec §10: the gift-card flow's toasts stay 5 seconds at the top centre. */
export const STORE_TOAST_MS = 5000;
export function storeToast(message: string, kind: ToastKind = 'info'): void {
  window.dispatchEvent(new CustomEvent<ToastDetail>(TOAST_EVENT, { detail: { message, kind, placement: 'top', durationMs: STORE_TOAST_MS } }));
}
