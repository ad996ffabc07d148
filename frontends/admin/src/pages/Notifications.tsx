// /manageNotification (back office §2, §4): create a notification for every user (POST
// /notification/create, body msg), the list newest first (GET /notification), and delete after
// 'Notification will be deleted. Are you sure?' (DELETE /notification/{id}). Create, delete and
// list errors show in a red alert with the refusal, translated by its key (§9); an illustration when empty.
// The list a server page at a time (GET notification/page, decision 0085; the cursor in the address).
import { useState, type FormEvent } from 'react';
import { answer, authApi } from '@taal/web-shared/api';
import { translateApiError } from '@taal/web-shared/errors';
import { formatDateTime } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import { toast } from '@taal/web-shared/toast';
import { useConfirm } from '../components/Modal';
import { AdminPage } from '../components/States';
import { PagedList, pageQueryOf, usePagedList } from '../components/paged';

function EmptyIllustration() {
  return (
    <svg width="140" height="110" viewBox="0 0 140 110" aria-hidden="true">
      <ellipse cx="70" cy="100" rx="50" ry="6" fill="#efe6da" />
      <path
        d="M70 10c-14 0-24 10-24 24v18l-8 12h64l-8-12V34c0-14-10-24-24-24z"
        fill="#f6efe6"
        stroke="#b5471b"
        strokeWidth="3"
      />
      <circle cx="70" cy="72" r="7" fill="#b5471b" />
      <path
        d="M100 20l10-8M104 34h12M40 20l-10-8M36 34H24"
        stroke="#d9c7b0"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  );
}

export default function ManageNotifications() {
  const { t, i18n } = useTranslation();
  const paged = usePagedList('', 'notification/page', (cursor) =>
    answer(authApi.GET('/api/v1/notification/page', { params: { query: pageQueryOf(cursor) } })),
  );
  const { list } = paged;
  // A new notification is the newest: the first page shows it.
  const toFirst = () => (paged.position.page === 1 ? list.reload() : paged.position.first());
  const [msg, setMsg] = useState('');
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const create = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    if (!msg.trim()) {
      setError(t('refusals:NOTIFICATION_REQUIRED'));
      return;
    }
    setBusy(true);
    try {
      await answer(authApi.POST('/api/v1/notification/create', { body: { msg: msg.trim() } }));
      toast(t('adminNotifications.created'), 'success');
      setMsg('');
      toFirst();
    } catch (err) {
      setError(translateApiError(t, err, 'adminNotifications.failed'));
    } finally {
      setBusy(false);
    }
  };
  const remove = async (id: string) => {
    if (!(await confirm.ask(t('adminNotifications.confirmDelete')))) return;
    setError('');
    try {
      await answer(authApi.DELETE('/api/v1/notification/{id}', { params: { path: { id } } }));
      toast(t('adminNotifications.deleted'), 'success');
      list.reload();
    } catch (err) {
      setError(translateApiError(t, err, 'adminNotifications.failed'));
    }
  };
  // A refused cursor (an edited link) is said by the list itself, with the first page.
  const listError = list.error && !paged.position.cursor ? translateApiError(t, list.error) : '';
  return (
    <AdminPage title={t('adminNotifications.title')} testId="manage-notifications">
      {(error || listError) && (
        <div className="alert-error admin-alert" role="alert" data-testid="notification-error">
          {error || listError}
        </div>
      )}
      <form className="card form notification-form" onSubmit={(e) => void create(e)} noValidate>
        <label className="field">
          <span>{t('adminNotifications.message')}</span>
          <textarea
            rows={3}
            value={msg}
            maxLength={500}
            onChange={(e) => setMsg(e.target.value)}
            data-testid="notification-text"
          />
        </label>
        <button className="btn btn-primary" disabled={busy} data-testid="notification-create">
          {t('adminNotifications.create')}
        </button>
      </form>
      <section className="card">
        <h2>{t('adminNotifications.list')}</h2>
        {listError ? null : (
          <PagedList
            {...paged}
            testId="notifications-pager"
            empty={
              <div className="empty-state" data-testid="notifications-empty">
                <EmptyIllustration />
                <p>{t('adminNotifications.empty')}</p>
              </div>
            }
          >
            {(items) => (
              <ul className="admin-messages" data-testid="notification-list">
                {items.map((n) => (
                  <li key={n._id} className="admin-message" data-testid="notification-entry">
                    <p className="admin-message-text">{n.msg}</p>
                    <div className="admin-message-actions">
                      <time className="muted" dateTime={n.createdAt}>
                        {formatDateTime(n.createdAt, i18n.resolvedLanguage)}
                      </time>
                      <button
                        type="button"
                        className="btn btn-sm btn-danger"
                        onClick={() => void remove(n._id)}
                        data-testid="notification-delete"
                      >
                        {t('adminNotifications.delete')}
                      </button>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </PagedList>
        )}
      </section>
      {confirm.dialog}
    </AdminPage>
  );
}
