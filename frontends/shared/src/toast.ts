// Toasts are rendered by the shell (bottom-centre, 7000 ms); any remote raises one with this event.
export type ToastKind = 'info' | 'success' | 'error';
export interface ToastDetail {
  message: string;
  kind: ToastKind;
}
export const TOAST_EVENT = 'taal:toast';
export const TOAST_MS = 7000;

export function toast(message: string, kind: ToastKind = 'info'): void {
  window.dispatchEvent(new CustomEvent<ToastDetail>(TOAST_EVENT, { detail: { message, kind } }));
}
