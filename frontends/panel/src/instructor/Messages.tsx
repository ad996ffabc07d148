// Instructor tab Messages (spec §2): the students' messages to this instructor, pending first,
// each pending one with a reply form (POST contact/r/{id}); an answered one shows its reply.
import { useState, type FormEvent } from 'react';
import { translateApiError } from '@taal/web-shared/errors';
import { formatDateTime } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import type { SessionUser } from '@taal/web-shared/session';
import { toast } from '@taal/web-shared/toast';
import { useAsync } from '@taal/web-shared/useAsync';
import { messaging, type StudentMessage } from '../messaging';
import { Empty, LoadError, Loading } from '@taal/web-shared/ui';

function ReplyForm({ message, onDone }: { message: StudentMessage; onDone: () => void }) {
  const { t } = useTranslation();
  const [reply, setReply] = useState('');
  const [busy, setBusy] = useState(false);
  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (!reply.trim()) {
      toast(t('refusals:REPLY_REQUIRED'), 'error');
      return;
    }
    setBusy(true);
    try {
      await messaging.reply(message._id, reply.trim());
      toast(t('messaging.replySent'), 'success');
      onDone();
    } catch (err) {
      toast(translateApiError(t, err, 'messaging.failed'), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="reply-form" onSubmit={(e) => void send(e)} data-testid="reply-form">
      <label>
        <span className="sr-only">{t('messaging.replyAnswer')}</span>
        <textarea rows={2} value={reply} onChange={(e) => setReply(e.target.value)} placeholder={t('messaging.replyAnswer')} maxLength={5000} />
      </label>
      <button className="btn btn-primary btn-sm" disabled={busy} data-testid="reply-send">
        {t('messaging.send')}
      </button>
    </form>
  );
}

export default function InstructorMessages({ user }: { user: SessionUser }) {
  const { t, i18n } = useTranslation();
  const instructorId = user.instructor ?? '';
  const list = useAsync(async () => (instructorId ? messaging.toInstructor(instructorId) : []), [instructorId]);
  if (list.loading && !list.data) return <Loading />;
  if (list.error || !list.data) return <LoadError onRetry={list.reload} />;
  if (!list.data.length) return <Empty testId="instructor-messages-empty">{t('messaging.noStudentMessages')}</Empty>;
  return (
    <ul className="message-list" data-testid="instructor-messages">
      {list.data.map((m) => (
        <li key={m._id} className="card message-card" data-testid="instructor-message">
          <div className="message-head">
            <strong>
              {m.name || t('messaging.aStudent')} {m.email && <span className="muted">({m.email})</span>}
            </strong>
            <time className="muted" dateTime={m.createdAt}>
              {formatDateTime(m.createdAt, i18n.resolvedLanguage)}
            </time>
          </div>
          <p className="message-text">{m.message}</p>
          {m.status ? (
            <p className="message-reply">
              <span className="muted">{t('messaging.reply')}: </span>
              <span data-testid="message-reply">{m.reply}</span>
            </p>
          ) : (
            <ReplyForm message={m} onDone={list.reload} />
          )}
        </li>
      ))}
    </ul>
  );
}
