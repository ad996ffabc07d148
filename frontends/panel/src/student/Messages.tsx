// Tab 2, Messages (spec §2): the student's messages to instructors, split into current (not
// answered yet: the reply reads 'Pending') and previous (answered, with the reply).
import { formatDateTime } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import type { SessionUser } from '@taal/web-shared/session';
import { useAsync } from '@taal/web-shared/useAsync';
import { messaging, type StudentMessage } from '../messaging';
import { Empty, LoadError, Loading, ReportButton } from '@taal/web-shared/ui';
import { BlockButton, useBlocks } from '../conduct';

function MessageList({ items, testId, blocks }: { items: StudentMessage[]; testId: string; blocks: ReturnType<typeof useBlocks> }) {
  const { t, i18n } = useTranslation();
  return (
    <ul className="message-list" data-testid={testId}>
      {items.map((m) => (
        <li key={m._id} className="card message-card" data-testid="student-message">
          <div className="message-head">
            <strong>{t('messaging.to', { name: m.toName })}</strong>
            <time className="muted" dateTime={m.createdAt}>
              {formatDateTime(m.createdAt, i18n.resolvedLanguage)}
            </time>
          </div>
          <p className="message-text">{m.message}</p>
          <p className="message-reply">
            <span className="muted">{t('messaging.reply')}: </span>
            {m.status ? <span data-testid="message-reply">{m.reply}</span> : <span className="badge" data-testid="message-pending">{t('messaging.pending')}</span>}
          </p>
          <div className="message-actions">
            {m.status && m.reply && <ReportButton kind="reply" itemId={m._id} />}
            <BlockButton messageId={m._id} party={`instructor:${m.to}`} blocks={blocks} name={m.toName} />
          </div>
        </li>
      ))}
    </ul>
  );
}

export default function Messages({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const blocks = useBlocks();
  const lists = useAsync(async () => {
    const [pending, answered] = await Promise.all([messaging.pending(user._id), messaging.answered(user._id)]);
    return { pending, answered };
  }, [user._id]);
  if (lists.loading) return <Loading />;
  if (lists.error || !lists.data) return <LoadError onRetry={lists.reload} />;
  const { pending, answered } = lists.data;
  return (
    <div className="messages-tab">
      <h3>{t('messaging.current')}</h3>
      {pending.length ? <MessageList items={pending} testId="messages-current" blocks={blocks} /> : <Empty testId="messages-current-empty">{t('messaging.noCurrent')}</Empty>}
      <h3>{t('messaging.previous')}</h3>
      {answered.length ? <MessageList items={answered} testId="messages-previous" blocks={blocks} /> : <Empty testId="messages-previous-empty">{t('messaging.noPrevious')}</Empty>}
    </div>
  );
}
