// Instructor tab Messages (spec §2): the students' messages to this instructor, pending first,
// each pending one with a reply form (POST contact/r/{id}); an answered one shows its reply.
import { formatDateTime } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import type { SessionUser } from '@taal/web-shared/session';
import { useAsync } from '@taal/web-shared/useAsync';
import { messaging } from '../messaging';
import { Empty, LoadError, Loading, ReplyForm, ReportButton } from '@taal/web-shared/ui';
import { BlockButton, useBlocks } from '../conduct';

export default function InstructorMessages({ user }: { user: SessionUser }) {
  const { t, i18n } = useTranslation();
  const instructorId = user.instructor ?? '';
  const blocks = useBlocks();
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
            <ReplyForm
              send={(text) => messaging.reply(m._id, text)}
              onSent={list.reload}
              requiredKey="refusals:REPLY_REQUIRED"
              failedKey="messaging.failed"
              doneKey="messaging.replySent"
              label={t('messaging.replyAnswer')}
              placeholder={t('messaging.replyAnswer')}
              sendLabel={t('messaging.send')}
              testIds={{ form: 'reply-form', send: 'reply-send' }}
            />
          )}
          <div className="message-actions">
            <ReportButton kind="message" itemId={m._id} />
            <BlockButton messageId={m._id} party={`user:${m.from}`} blocks={blocks} name={m.name || t('messaging.aStudent')} />
          </div>
        </li>
      ))}
    </ul>
  );
}
