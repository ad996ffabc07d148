// A rejected form in the reader's language (decision 0026): the refusal's headline and each
// field's problem, translated by key, never the server's English.
import type { TFunction } from 'i18next';
import { fieldErrorKeys, translateApiError } from '@taal/web-shared/errors';

export interface FormRefusal {
  text: string;
  /** Field name → its problem, translated. */
  fields: Record<string, string>;
}

/** `fallbackKey`: the form's own failure text for a network error or a 5xx. */
export function formRefusal(t: TFunction, err: unknown, fallbackKey: string): FormRefusal {
  const fields = Object.fromEntries(Object.entries(fieldErrorKeys(err)).map(([field, key]) => [field, t(key)]));
  return { text: translateApiError(t, err, fallbackKey), fields };
}
