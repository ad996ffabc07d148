// /notifications (spec §2): every notification of the signed-in student, newest first, unread
// ones marked with a dot and a "Mark as read" button (for this user only); an illustration when
// there are none. Follows the header's bell (the same events). A server page at a time (GET
// notification/user/{userId}/page, decision 0085): the page's cursor in the address.
import { translateApiError } from '@taal/web-shared/errors';
import { formatDateTime } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import { useVerifiedSession } from '@taal/web-shared/auth';
import { toast } from '@taal/web-shared/toast';
import { useAsync } from '@taal/web-shared/useAsync';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { answer, authApi } from '@taal/web-shared/api';
import { KeysetError, KeysetPager, useKeysetPosition } from '@taal/web-shared/keyset';
import { messaging, NOTIFICATIONS_CHANGED_EVENT } from './messaging';
import { Loading } from '@taal/web-shared/ui';

/** Notifications a page. */
const PAGE_SIZE = 20;

function EmptyPicture() {
  return (
    <svg width="120" height="96" viewBox="0 0 120 96" aria-hidden="true" className="empty-picture">
      <rect x="14" y="28" width="92" height="56" rx="8" fill="#f6efe6" stroke="#d9c7b0" strokeWidth="2" />
      <path d="M14 56h26l6 10h28l6-10h26" fill="none" stroke="#d9c7b0" strokeWidth="2" />
      <path d="M60 8c-9 0-15 7-15 15v9l-5 7h40l-5-7v-9c0-8-6-15-15-15z" fill="#b5471b" opacity="0.85" />
      <circle cx="60" cy="43" r="4" fill="#b5471b" />
    </svg>
  );
}

export default function NotificationsPage() {
  const { t, i18n } = useTranslation();
  const session = useVerifiedSession();
  const userId = session.state === 'done' ? (session.user?._id ?? '') : '';
  // System notifications come written in the page's language.
  const lang = i18n.resolvedLanguage === 'bn' ? 'bn' : 'en';
  const position = useKeysetPosition();
  const { cursor } = position;
  const list = useAsync(
    async () =>
      userId
        ? (
            await answer(
              authApi.GET('/api/v1/notification/user/{userId}/page', {
                params: {
                  path: { userId },
                  query: { lang, limit: String(PAGE_SIZE), ...(cursor ? { cursor } : {}) },
                },
              }),
            )
          ).data
        : { items: [], next: null },
    [userId, lang, cursor],
  );
  const { reload } = list;
  useEffect(() => {
    window.addEventListener(NOTIFICATIONS_CHANGED_EVENT, reload);
    return () => window.removeEventListener(NOTIFICATIONS_CHANGED_EVENT, reload);
  }, [reload]);
  const markRead = async (id: string) => {
    try {
      await messaging.markRead(userId, id);
    } catch (err) {
      toast(translateApiError(t, err), 'error');
    }
  };
  return (
    <div className="card section notifications-page" data-testid="notifications-page">
      <h1>{t('notifications.title')}</h1>
      {list.loading && !list.data ? (
        <Loading />
      ) : list.error && cursor ? (
        <KeysetError error={list.error} position={position} onRetry={list.reload} />
      ) : list.error ? (
        <div className="panel-alert" role="alert">
          {t('notifications.fetchError')}
        </div>
      ) : !list.data?.items.length && position.page === 1 ? (
        <div className="empty-state panel-empty" data-testid="notifications-empty">
          <EmptyPicture />
          <p>{t('notifications.empty')}</p>
        </div>
      ) : (
        <>
          <ul className="message-list" data-testid="notification-list">
            {(list.data?.items ?? []).map((n) => (
              <li
                key={n._id}
                className={`card message-card ${n.read ? 'is-read' : 'is-unread'}`}
                data-testid="notification-row"
              >
                <div className="message-head">
                  <span>
                    {!n.read && (
                      <>
                        <span className="unread-dot" aria-hidden="true" />
                        <span className="sr-only">{t('notifications.unread')}</span>
                      </>
                    )}{' '}
                    {n.msg}
                  </span>
                  <time className="muted" dateTime={n.createdAt}>
                    {formatDateTime(n.createdAt, i18n.resolvedLanguage)}
                  </time>
                </div>
                {n.link && (
                  <Link to={n.link} data-testid="notification-link">
                    {t('notifications.open')}
                  </Link>
                )}{' '}
                {!n.read && (
                  <button
                    type="button"
                    className="linklike"
                    onClick={() => void markRead(n._id)}
                    data-testid="notification-mark-read"
                  >
                    {t('notifications.markRead')}
                  </button>
                )}
              </li>
            ))}
          </ul>
          <KeysetPager
            position={position}
            next={list.data?.next}
            testId="notifications-pager"
            className="panel-pager"
          />
        </>
      )}
    </div>
  );
}
