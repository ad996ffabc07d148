// Instructor tab Messages (spec §2): the students' messages to this instructor, pending first,
// each pending one with a reply form (POST contact/r/{id}); an answered one shows its reply. Pending and
// answered are each a server page at a time (decision 0085): ?pendingCursor=… and ?answeredCursor=….
import { useState } from 'react';
import { answer, authApi } from '@taal/web-shared/api';
import { formatDateTime } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import { KeysetError, KeysetPager, useKeysetPosition } from '@taal/web-shared/keyset';
import type { SessionUser } from '@taal/web-shared/session';
import { useAsync } from '@taal/web-shared/useAsync';
import { messaging } from '../messaging';
import { Empty, LoadError, Loading, ReplyForm, ReportButton } from '@taal/web-shared/ui';
import { BlockButton, useBlocks } from '../conduct';

/** Messages a page. */
const PAGE_SIZE = 10;

function PagedInbox({
  instructorId,
  which,
  round,
  onReplied,
  blocks,
}: {
  instructorId: string;
  which: 'pending' | 'answered';
  round: number;
  onReplied: () => void;
  blocks: ReturnType<typeof useBlocks>;
}) {
  const { t, i18n } = useTranslation();
  const position = useKeysetPosition(which);
  const { cursor } = position;
  const list = useAsync(
    async () =>
      (
        await answer(
          authApi.GET('/api/v1/contact/mystudent/{instructorId}/page', {
            params: {
              path: { instructorId },
              query: {
                answered: which === 'answered' ? 'true' : 'false',
                limit: String(PAGE_SIZE),
                ...(cursor ? { cursor } : {}),
              },
            },
          }),
        )
      ).data,
    [instructorId, which, cursor, round],
  );
  if (list.loading && !list.data) return <Loading />;
  if (list.error)
    return cursor ? (
      <KeysetError error={list.error} position={position} onRetry={list.reload} />
    ) : (
      <LoadError onRetry={list.reload} />
    );
  const items = list.data?.items ?? [];
  if (!items.length && position.page === 1)
    return (
      <Empty testId={`instructor-messages-${which}-empty`}>
        {t(which === 'pending' ? 'messaging.noCurrent' : 'messaging.noPrevious')}
      </Empty>
    );
  return (
    <>
      <ul className="message-list" data-testid={`instructor-messages-${which}`}>
        {items.map((m) => (
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
                onSent={onReplied}
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
              <BlockButton
                messageId={m._id}
                party={`user:${m.from}`}
                blocks={blocks}
                name={m.name || t('messaging.aStudent')}
              />
            </div>
          </li>
        ))}
      </ul>
      <KeysetPager
        position={position}
        next={list.data?.next}
        testId={`instructor-${which}-pager`}
        className="panel-pager"
      />
    </>
  );
}

export default function InstructorMessages({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const instructorId = user.instructor ?? '';
  // A reply moves a message from pending to answered: both lists read again.
  const [round, setRound] = useState(0);
  const blocks = useBlocks();
  if (!instructorId)
    return <Empty testId="instructor-messages-empty">{t('messaging.noStudentMessages')}</Empty>;
  return (
    <div className="messages-tab" data-testid="instructor-messages">
      <h3>{t('messaging.current')}</h3>
      <PagedInbox
        instructorId={instructorId}
        which="pending"
        blocks={blocks}
        round={round}
        onReplied={() => setRound((r) => r + 1)}
      />
      <h3>{t('messaging.previous')}</h3>
      <PagedInbox
        instructorId={instructorId}
        which="answered"
        blocks={blocks}
        round={round}
        onReplied={() => setRound((r) => r + 1)}
      />
    </div>
  );
}
