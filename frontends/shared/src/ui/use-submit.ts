// One way for a form to send and say what happened (issue 39): busy while the call runs, then a
// toast and the outcome the form shows (its banner, each field's problem), in the reader's
// language by key, never the server's English (decision 0026).
import { useCallback, useState } from 'react';
import { fieldErrorKeys, translateApiError } from '@taal/web-shared/errors';
import { useTranslation } from '@taal/web-shared/i18n';
import { toast } from '@taal/web-shared/toast';

export interface SubmitOutcome {
  kind: 'error' | 'success';
  text: string;
  /** Field name → its problem, translated (a refusal's; empty on success). */
  fields: Record<string, string>;
}

export interface SubmitOptions<T> {
  /** The success text (or made from the answer); none: the form says nothing on success. */
  done?: string | ((answer: T) => string);
  /** The refusal's text for a network error or a 5xx (a 4xx says its own reason). */
  failedKey: string;
}

export interface Submitter {
  busy: boolean;
  /** The last outcome; cleared when a send starts. */
  outcome: SubmitOutcome | null;
  /** The last outcome when it was a refusal (what a form's banner and fields show), else null. */
  refusal: SubmitOutcome | null;
  /** Runs `send`: `{ answer }` when it succeeded, null after a refusal (already shown). */
  submit: <T>(send: () => Promise<T>, options: SubmitOptions<T>) => Promise<{ answer: T } | null>;
  /** A refusal the form found itself, before any call (a field left empty). */
  refuse: (text: string, fields?: Record<string, string>) => void;
}

export function useSubmit(): Submitter {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<SubmitOutcome | null>(null);
  const refuse = useCallback((text: string, fields: Record<string, string> = {}) => {
    setOutcome({ kind: 'error', text, fields });
    toast(text, 'error');
  }, []);
  const submit = useCallback(
    async <T>(send: () => Promise<T>, { done, failedKey }: SubmitOptions<T>): Promise<{ answer: T } | null> => {
      setBusy(true);
      setOutcome(null);
      try {
        const answer = await send();
        const text = typeof done === 'function' ? done(answer) : done;
        if (text) {
          setOutcome({ kind: 'success', text, fields: {} });
          toast(text, 'success');
        }
        return { answer };
      } catch (err) {
        refuse(translateApiError(t, err, failedKey), Object.fromEntries(Object.entries(fieldErrorKeys(err)).map(([field, key]) => [field, t(key)])));
        return null;
      } finally {
        setBusy(false);
      }
    },
    [t, refuse],
  );
  return { busy, outcome, refusal: outcome?.kind === 'error' ? outcome : null, submit, refuse };
}
