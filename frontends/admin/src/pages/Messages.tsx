// /adminmessages (back office §2, §4): visitors' general messages, each with Reply (opens the
// mail client with a mailto: link, then GET contact/general/{id} marks it replied), and the
// students' messages to instructors, each pending one with a reply dialog (Reply answer, Cancel,
// Send: POST contact/r/{id}). Each list is at most 400 px high (§9), a server page at a time
// (decision 0085: ?generalCursor=… and ?studentsCursor=… in the address).
import { useEffect, useState, type FormEvent } from 'react';
import { answer, authApi, type ApiPaths } from '@taal/web-shared/api';
import { translateApiError } from '@taal/web-shared/errors';
import { formatDateTime } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import { toast } from '@taal/web-shared/toast';
import { Modal } from '../components/Modal';
import { AdminPage } from '../components/States';
import { useSubmit } from '@taal/web-shared/ui';
import { PagedList, pageQueryOf, usePagedList } from '../components/paged';

type Json<P extends keyof ApiPaths> = ApiPaths[P] extends {
  get: { responses: { 200: { content: { 'application/json': infer B } } } };
}
  ? B
  : never;
type GeneralMessage = Json<'/api/v1/contact/general/'>['data'][number];
type StudentMessage = Json<'/api/v1/contact/student/'>['data'][number];

const mailto = (m: GeneralMessage, subject: string) =>
  `mailto:${m.email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(`\n\n> ${m.message}`)}`;

function GeneralMessages() {
  const { t, i18n } = useTranslation();
  const list = usePagedList<GeneralMessage>('general', 'contact/general/page', (cursor) =>
    answer(authApi.GET('/api/v1/contact/general/page', { params: { query: pageQueryOf(cursor) } })),
  );
  const [replied, setReplied] = useState<Record<string, boolean>>({});
  const reply = async (m: GeneralMessage) => {
    // The mail client opens with the address filled in; the message then counts as replied.
    const link = document.createElement('a');
    link.href = mailto(m, t('adminMessages.replySubject'));
    link.click();
    try {
      await answer(authApi.GET('/api/v1/contact/general/{id}', { params: { path: { id: m._id } } }));
      setReplied((r) => ({ ...r, [m._id]: true }));
    } catch (err) {
      toast(translateApiError(t, err, 'adminMessages.failed'), 'error');
    }
  };
  return (
    <PagedList {...list} testId="general-pager">
      {(items) => (
        <ul className="admin-messages" data-testid="general-messages">
          {items.map((m) => {
            const done = m.status || replied[m._id];
            return (
              <li key={m._id} className="admin-message" data-testid="general-message">
                <div className="admin-message-head">
                  <strong>{m.name}</strong> <a href={`mailto:${m.email}`}>{m.email}</a>
                  <time className="muted" dateTime={m.createdAt}>
                    {formatDateTime(m.createdAt, i18n.resolvedLanguage)}
                  </time>
                </div>
                <p className="admin-message-text">{m.message}</p>
                <div className="admin-message-actions">
                  <span
                    className={`status-pill ${done ? 'status-ok' : 'status-wait'}`}
                    data-testid="general-status"
                  >
                    {t(done ? 'adminMessages.replied' : 'adminMessages.notReplied')}
                  </span>
                  <button
                    type="button"
                    className="btn btn-primary btn-sm"
                    onClick={() => void reply(m)}
                    data-testid="general-reply"
                  >
                    {t('adminMessages.reply')}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </PagedList>
  );
}

function ReplyDialog({
  message,
  onClose,
  onDone,
}: {
  message: StudentMessage | null;
  onClose: () => void;
  onDone: (m: StudentMessage) => void;
}) {
  const { t } = useTranslation();
  const [reply, setReply] = useState('');
  const { busy, submit, refuse } = useSubmit();
  useEffect(() => setReply(''), [message?._id]);
  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (!message) return;
    if (!reply.trim()) {
      refuse(t('refusals:REPLY_REQUIRED'));
      return;
    }
    const sent = await submit(
      () =>
        answer(
          authApi.POST('/api/v1/contact/r/{id}', {
            params: { path: { id: message._id } },
            body: { reply: reply.trim() },
          }),
        ),
      { done: t('messaging.replySent'), failedKey: 'adminMessages.failed' },
    );
    if (sent) onDone(sent.answer.data);
  };
  return (
    <Modal
      title={t('adminMessages.replyTo', { name: message?.name || t('messaging.aStudent') })}
      open={message !== null}
      onClose={onClose}
      testId="reply-dialog"
    >
      <form className="form" onSubmit={(e) => void send(e)}>
        <p className="admin-message-text">{message?.message}</p>
        <label className="field">
          <span>{t('messaging.replyAnswer')}</span>
          <textarea
            rows={4}
            value={reply}
            maxLength={5000}
            onChange={(e) => setReply(e.target.value)}
            data-testid="reply-text"
          />
        </label>
        <div className="modal-actions">
          <button type="button" className="btn btn-outline" onClick={onClose}>
            {t('adminMessages.cancel')}
          </button>
          <button className="btn btn-primary" disabled={busy} data-testid="reply-submit">
            {t('messaging.send')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function StudentMessages() {
  const { t, i18n } = useTranslation();
  const list = usePagedList<StudentMessage>('students', 'contact/student/page', (cursor) =>
    answer(authApi.GET('/api/v1/contact/student/page', { params: { query: pageQueryOf(cursor) } })),
  );
  const [answered, setAnswered] = useState<Record<string, StudentMessage>>({});
  const [open, setOpen] = useState<StudentMessage | null>(null);
  return (
    <>
      <PagedList {...list} testId="students-pager">
        {(items) => (
          <ul className="admin-messages" data-testid="student-messages">
            {items.map((original) => {
              const m = answered[original._id] ?? original;
              return (
                <li key={m._id} className="admin-message" data-testid="student-message">
                  <div className="admin-message-head">
                    <strong>{m.name}</strong> <span className="muted">{m.email}</span> →{' '}
                    <strong>{m.toName}</strong>
                    <time className="muted" dateTime={m.createdAt}>
                      {formatDateTime(m.createdAt, i18n.resolvedLanguage)}
                    </time>
                  </div>
                  <p className="admin-message-text">{m.message}</p>
                  <div className="admin-message-actions">
                    {m.status ? (
                      <p className="admin-message-reply">
                        <span className="muted">{t('messaging.reply')}: </span>
                        {m.reply}
                      </p>
                    ) : (
                      <>
                        <span className="status-pill status-wait">{t('messaging.pending')}</span>
                        <button
                          type="button"
                          className="btn btn-primary btn-sm"
                          onClick={() => setOpen(m)}
                          data-testid="student-reply"
                        >
                          {t('adminMessages.reply')}
                        </button>
                      </>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </PagedList>
      <ReplyDialog
        message={open}
        onClose={() => setOpen(null)}
        onDone={(m) => {
          setAnswered((a) => ({ ...a, [m._id]: m }));
          setOpen(null);
        }}
      />
    </>
  );
}

export default function Messages() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('adminMessages.title')} testId="admin-messages">
      <div className="admin-messages-grid">
        <section className="card">
          <h2>{t('adminMessages.general')}</h2>
          <GeneralMessages />
        </section>
        <section className="card">
          <h2>{t('adminMessages.students')}</h2>
          <StudentMessages />
        </section>
      </div>
    </AdminPage>
  );
}
