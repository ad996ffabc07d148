import { useCallback, useEffect, useState } from 'react';
import { i18n, useTranslation } from '@taal/web-shared/i18n';
import { translateApiError } from '@taal/web-shared/errors';
import { answer, authApi, refreshSession, type ApiPaths } from '@taal/web-shared/api';
import { formatDateTime } from '@taal/web-shared/format';
import { read, STORAGE_KEYS, storedUser, type Session } from '@taal/web-shared/session';
import { toast } from '@taal/web-shared/toast';
import { go } from '../nav';
import { Dropdown } from './Dropdown';
import { BellIcon, EmptyInboxPicture } from './icons';
import { linkTo } from '@taal/web-shared/routes';

type Notification = ApiPaths['/api/v1/notification/user/{userId}']['get']['responses'][200]['content']['application/json']['data'][number];

/** Raised by the /notifications page after it marked one read, so the bell follows. */
export const NOTIFICATIONS_CHANGED_EVENT = 'taal:notifications-changed';

/**
 * Follows `GET /api/v1/notification/stream` (server-sent events, decision 0019) while `userId` is
 * signed in, calling `onChange` when the server says there is something new (and once connected).
 * Read with fetch, so the access token travels in the Authorization header; reconnects after a drop.
 */
function followStream(onChange: () => void): () => void {
  let stopped = false;
  let controller: AbortController | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const connect = async () => {
    if (stopped) return;
    controller = new AbortController();
    const token = read(STORAGE_KEYS.token);
    try {
      const res = await fetch('/api/v1/notification/stream', { headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` }, signal: controller.signal });
      if (res.status === 401 && (await refreshSession(token))) return void connect();
      if (!res.ok || !res.body) throw new Error(String(res.status));
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (/^event: (ready|notification)$/m.test(block)) onChange();
        }
      }
    } catch {
      // dropped or refused: try again shortly
    }
    if (!stopped) retry = setTimeout(() => void connect(), 3000);
  };
  void connect();
  return () => {
    stopped = true;
    clearTimeout(retry);
    controller?.abort();
  };
}

/** The signed-in user's unread notifications, live. */
function useUnread(session: Session, lang: 'en' | 'bn') {
  const userId = session.loggedIn ? (storedUser()?._id ?? null) : null;
  const [items, setItems] = useState<Notification[]>([]);
  const load = useCallback(async () => {
    if (!userId) return;
    try {
      // System notifications come written in the page's language.
      const { data } = await answer(authApi.GET('/api/v1/notification/user/{userId}', { params: { path: { userId }, query: { lang } } }));
      setItems(data);
    } catch {
      // the bell stays as it was
    }
  }, [userId, lang]);
  useEffect(() => {
    setItems([]);
    if (!userId) return;
    void load();
    const stop = followStream(() => void load());
    const changed = () => void load();
    window.addEventListener(NOTIFICATIONS_CHANGED_EVENT, changed);
    return () => {
      stop();
      window.removeEventListener(NOTIFICATIONS_CHANGED_EVENT, changed);
    };
  }, [userId, load]);
  const markRead = async (id: string) => {
    if (!userId) return;
    try {
      await answer(authApi.DELETE('/api/v1/notification/user/{userId}/{notificationId}', { params: { path: { userId, notificationId: id } } }));
      setItems((list) => list.filter((n) => n._id !== id));
      window.dispatchEvent(new Event(NOTIFICATIONS_CHANGED_EVENT));
    } catch (err) {
      toast(translateApiError(i18n.t, err), 'error');
    }
  };
  return { items, markRead };
}

/** The header's bell: a dot when something is unread; each unread one with its date and "Mark as read"; a link to all. */
export function NotificationsMenu({ session }: { session: Session }) {
  const { t, i18n } = useTranslation();
  const { items, markRead } = useUnread(session, i18n.resolvedLanguage === 'bn' ? 'bn' : 'en');
  return (
    <Dropdown
      label={
        <>
          <BellIcon />
          {items.length > 0 && <span className="dot-badge" data-testid="notification-dot" />}
        </>
      }
      buttonClass="icon-btn bell-button"
      ariaLabel={t('nav.notifications')}
      testId="notifications-menu"
      align="right"
    >
      {(close) => (
        <div className="notifications-menu">
          <h3>{t('notifications.title')}</h3>
          {items.length === 0 ? (
            <div className="empty-state">
              <EmptyInboxPicture />
              <p>{t('notifications.empty')}</p>
            </div>
          ) : (
            <ul className="notification-list" data-testid="notification-items">
              {items.map((n) => (
                <li key={n._id} data-testid="notification-item">
                  <p className="notification-msg">{n.msg}</p>
                  <div className="notification-meta">
                    <time dateTime={n.createdAt}>{formatDateTime(n.createdAt, i18n.resolvedLanguage)}</time>
                    {n.link && (
                      <a href={n.link} onClick={(e) => (close(), go(e))} data-testid="notification-link">
                        {t('notifications.open')}
                      </a>
                    )}
                    <button type="button" className="linklike" onClick={() => void markRead(n._id)} data-testid="mark-read">
                      {t('notifications.markRead')}
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )}
          <a href={linkTo('/notifications')} onClick={(e) => (close(), go(e))} className="menu-footer-link">
            {t('notifications.viewAll')}
          </a>
        </div>
      )}
    </Dropdown>
  );
}
