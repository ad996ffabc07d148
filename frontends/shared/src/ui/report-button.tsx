// "Report" under something a user wrote (issue 53, decision 0076): a message, a reply, a lesson
// question, an answer or a review. Shown to signed-in readers only (read in an effect: the course
// page is also drawn on the server, decision 0070). It opens a short form with an optional reason;
// once sent it reads "Reported". The server decides (one report per user and item, not one's own).
import { useEffect, useId, useState, type FormEvent } from 'react';
import { answer, authApi } from '@taal/web-shared/api';
import { useTranslation } from '@taal/web-shared/i18n';
import { getSession, SESSION_EVENT, storedUser } from '@taal/web-shared/session';
import { useSubmit } from './use-submit';
import './report-button.css';

export type ReportKind = 'message' | 'reply' | 'question' | 'answer' | 'review';

/** `writerId`: the writer's user id where the page knows it; their own writing shows no Report. */
export function ReportButton({ kind, itemId, writerId }: { kind: ReportKind; itemId: string; writerId?: string }) {
  const { t } = useTranslation();
  const [signedIn, setSignedIn] = useState(false);
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  const [reason, setReason] = useState('');
  const { busy, submit } = useSubmit();
  const id = useId();
  useEffect(() => {
    const update = () => setSignedIn(getSession().loggedIn && (!writerId || storedUser()?._id !== writerId));
    update();
    window.addEventListener(SESSION_EVENT, update);
    return () => window.removeEventListener(SESSION_EVENT, update);
  }, [writerId]);
  if (!signedIn) return null;
  if (sent)
    return (
      <span className="muted report-done" data-testid="report-done">
        {t('conduct.reportedLabel')}
      </span>
    );
  const send = async (e: FormEvent) => {
    e.preventDefault();
    const done = await submit(() => answer(authApi.POST('/api/v1/report', { body: { kind, itemId, reason: reason.trim() || undefined } })), {
      done: t('conduct.reported'),
      failedKey: 'conduct.reportFailed',
    });
    if (done) {
      setSent(true);
      setOpen(false);
    }
  };
  if (!open)
    return (
      <button type="button" className="btn btn-sm btn-outline report-button" onClick={() => setOpen(true)} data-testid="report-open">
        {t('conduct.report')}
      </button>
    );
  return (
    <form className="report-form" onSubmit={(e) => void send(e)} data-testid="report-form">
      <label htmlFor={id}>{t('conduct.reason')}</label>
      <input id={id} type="text" maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} data-testid="report-reason" />
      <button type="button" className="btn btn-sm btn-outline" onClick={() => setOpen(false)}>
        {t('conduct.cancel')}
      </button>
      <button className="btn btn-sm btn-primary" disabled={busy} data-testid="report-send">
        {t('conduct.send')}
      </button>
    </form>
  );
}
