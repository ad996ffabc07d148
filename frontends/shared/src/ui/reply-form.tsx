// One short answer under something a student wrote (issue 39): an instructor's reply to a
// message or a review, an answer to a lesson question. A text that must not be empty, one send
// button, and the outcome said as every form says it (useSubmit).
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@taal/web-shared/i18n';
import { useSubmit } from './use-submit';

export interface ReplyFormProps<T> {
  /** Sends the trimmed text. */
  send: (text: string) => Promise<T>;
  /** After a send that succeeded, with its answer (the text box is emptied first). */
  onSent: (answer: T) => void;
  /** The refusal when the text is empty, the failure text (network, 5xx), and the success toast. */
  requiredKey: string;
  failedKey: string;
  doneKey?: string;
  label: string;
  /** The label is read by screen readers only unless shown. */
  showLabel?: boolean;
  placeholder?: string;
  sendLabel: string;
  /** Defaults: 5000 characters, the panel's inline `reply-form` with a small primary button. */
  maxLength?: number;
  className?: string;
  buttonClassName?: string;
  testIds?: { form?: string; text?: string; send?: string };
}

export function ReplyForm<T>(props: ReplyFormProps<T>) {
  const { t } = useTranslation();
  const { busy, submit, refuse } = useSubmit();
  const [text, setText] = useState('');
  const id = useId();
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) {
      refuse(t(props.requiredKey));
      return;
    }
    const sent = await submit(() => props.send(text.trim()), { done: props.doneKey ? t(props.doneKey) : undefined, failedKey: props.failedKey });
    if (!sent) return;
    setText('');
    props.onSent(sent.answer);
  };
  return (
    <form className={props.className ?? 'reply-form'} onSubmit={(e) => void onSubmit(e)} noValidate data-testid={props.testIds?.form}>
      <label htmlFor={id} className={props.showLabel ? undefined : 'sr-only'}>
        {props.label}
      </label>
      <textarea
        id={id}
        rows={2}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={props.placeholder}
        maxLength={props.maxLength ?? 5000}
        data-testid={props.testIds?.text}
      />
      <button className={props.buttonClassName ?? 'btn btn-primary btn-sm'} disabled={busy} data-testid={props.testIds?.send}>
        {props.sendLabel}
      </button>
    </form>
  );
}
