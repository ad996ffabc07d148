// Tab 2, Messages (spec §2): the student's messages to instructors, split into current (not
// answered yet: the reply reads 'Pending') and previous (answered, with the reply). Each a server page
// at a time (decision 0085): ?currentCursor=… and ?previousCursor=… in the address.
import { formatDateTime } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import type { SessionUser } from '@taal/web-shared/session';
import { useAsync } from '@taal/web-shared/useAsync';
import { answer, authApi } from '@taal/web-shared/api';
import { KeysetError, KeysetPager, useKeysetPosition } from '@taal/web-shared/keyset';
import type { StudentMessage } from '../messaging';
import { Empty, LoadError, Loading, ReportButton } from '@taal/web-shared/ui';

/** Messages a page. */
const PAGE_SIZE = 10;
import { BlockButton, useBlocks } from '../conduct';

function MessageList({
  items,
  testId,
  blocks,
}: {
  items: StudentMessage[];
  testId: string;
  blocks: ReturnType<typeof useBlocks>;
}) {
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
            {m.status ? (
              <span data-testid="message-reply">{m.reply}</span>
            ) : (
              <span className="badge" data-testid="message-pending">
                {t('messaging.pending')}
              </span>
            )}
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

/** One of the two lists, a page at a time: `which` names it in the address. */
function PagedMessages({
  userId,
  which,
  blocks,
}: {
  userId: string;
  which: 'current' | 'previous';
  blocks: ReturnType<typeof useBlocks>;
}) {
  const { t } = useTranslation();
  const position = useKeysetPosition(which);
  const { cursor } = position;
  const list = useAsync(async () => {
    const query = { limit: String(PAGE_SIZE), ...(cursor ? { cursor } : {}) };
    const params = { params: { path: { userId }, query } };
    return (
      await answer(
        which === 'current'
          ? authApi.GET('/api/v1/contact/u/c/{userId}/page', params)
          : authApi.GET('/api/v1/contact/u/p/{userId}/page', params),
      )
    ).data;
  }, [userId, which, cursor]);
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
      <Empty testId={`messages-${which}-empty`}>
        {t(which === 'current' ? 'messaging.noCurrent' : 'messaging.noPrevious')}
      </Empty>
    );
  return (
    <>
      <MessageList items={items} testId={`messages-${which}`} blocks={blocks} />
      <KeysetPager
        position={position}
        next={list.data?.next}
        testId={`messages-${which}-pager`}
        className="panel-pager"
      />
    </>
  );
}

export default function Messages({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const blocks = useBlocks();
  return (
    <div className="messages-tab">
      <h3>{t('messaging.current')}</h3>
      <PagedMessages userId={user._id} which="current" blocks={blocks} />
      <h3>{t('messaging.previous')}</h3>
      <PagedMessages userId={user._id} which="previous" blocks={blocks} />
    </div>
  );
}
