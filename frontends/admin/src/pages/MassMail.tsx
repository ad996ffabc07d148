// /admin/mass-mailing (back office §2, §5, §7): audience, a custom address (required for custom),
// subject and an HTML message, a confirmation dialog before sending (POST mass-mail/), then
// 'Mass mailing sent successful!' or 'Failed ,Please try again'; below, each mail's progress
// (GET mass-mail/page a page at a time, decision 0085; refreshed while one is queuing or sending:
// sent of total, unsubscribed, uncertain and the rate in mails per second, decision 0088). The server sanitises the HTML and adds the
// unsubscribe link to every mail.
import { useEffect, useState, type FormEvent } from 'react';
import { isEmail } from '@taal/contracts/web';
import { answer, authApi, type ApiPaths } from '@taal/web-shared/api';
import { fieldErrorKeys, translateApiError } from '@taal/web-shared/errors';
import { formatDateTime, formatNumber } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import { toast } from '@taal/web-shared/toast';
import { Modal } from '../components/Modal';
import { RichEditor } from '../components/RichEditor';
import { AdminPage } from '../components/States';
import { PagedList, pageQueryOf, usePagedList } from '../components/paged';

type MassMailRow = NonNullable<
  ApiPaths['/api/v1/mass-mail/page']['get']['responses'][200]['content']['application/json']['data']
>['items'][number];

type Body = NonNullable<ApiPaths['/api/v1/mass-mail/']['post']['requestBody']>['content']['application/json'];
type Audience = Body['mailTo'];
const AUDIENCES: Audience[] = [
  'allUser',
  'subscriber',
  'non-subscriber',
  'verified-user',
  'non-verified-user',
  'instructors',
  'admin',
  'custom',
];

function Progress() {
  const { t, i18n } = useTranslation();
  const paged = usePagedList<MassMailRow>('', 'mass-mail/page', (cursor) =>
    answer(authApi.GET('/api/v1/mass-mail/page', { params: { query: pageQueryOf(cursor, 10) } })),
  );
  const { list } = paged;
  const num = (n: number) => formatNumber(n, i18n.resolvedLanguage, { maximumFractionDigits: 1 });
  const sending = list.data?.items.some((m) => m.status !== 'done') ?? false;
  const { reload } = list;
  useEffect(() => {
    const refresh = () => reload();
    window.addEventListener('taal:mass-mail-sent', refresh);
    const timer = sending ? setInterval(refresh, 2000) : undefined;
    return () => {
      window.removeEventListener('taal:mass-mail-sent', refresh);
      clearInterval(timer);
    };
  }, [sending, reload]);
  return (
    <PagedList {...paged} testId="mass-mail-pager" empty={<p className="muted">{t('massMail.none')}</p>}>
      {(items) => (
        <ul className="admin-messages" data-testid="mass-mail-progress">
          {items.map((m) => (
            <li key={m._id} className="admin-message" data-testid="mass-mail-row">
              <div className="admin-message-head">
                <strong>{m.subject}</strong>{' '}
                <span className="muted">{t(`massMail.audiences.${m.mailTo}`)}</span>
                <time className="muted" dateTime={m.createdAt}>
                  {formatDateTime(m.createdAt, i18n.resolvedLanguage)}
                </time>
              </div>
              <progress
                max={Math.max(1, m.total)}
                value={m.sent + m.skipped + m.uncertain}
                className="mass-mail-bar"
              />
              <p className="muted" data-testid="mass-mail-counts">
                {t('massMail.counts', { sent: num(m.sent), total: num(m.total), skipped: num(m.skipped) })}
                {m.uncertain > 0 && <span data-testid="mass-mail-uncertain"> · {t('massMail.uncertain', { uncertain: num(m.uncertain) })}</span>}
                {m.rate > 0 && <span data-testid="mass-mail-rate"> · {t('massMail.rate', { rate: num(m.rate) })}</span>} ·{' '}
                <span className={`status-pill ${m.status === 'done' ? 'status-ok' : 'status-wait'}`}>
                  {t(`massMail.status.${m.status}`)}
                </span>
              </p>
            </li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}

export default function MassMail() {
  const { t } = useTranslation();
  const [form, setForm] = useState({
    mailTo: '' as Audience | '',
    customEmail: '',
    subject: '',
    message: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  // A new editor after a sent mail (it reads its value once).
  const [round, setRound] = useState(0);
  const check = (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (!form.mailTo) found.mailTo = t('refusals:AUDIENCE_REQUIRED');
    if (form.mailTo === 'custom' && !isEmail(form.customEmail.trim()))
      found.customEmail = t(
        form.customEmail.trim() ? 'refusals:CUSTOM_EMAIL_INVALID' : 'refusals:CUSTOM_EMAIL_REQUIRED',
      );
    if (!form.subject.trim()) found.subject = t('refusals:SUBJECT_REQUIRED');
    if (!form.message.replace(/<[^>]*>/g, '').trim()) found.message = t('refusals:MAIL_MESSAGE_REQUIRED');
    setErrors(found);
    if (Object.keys(found).length === 0) setConfirming(true);
  };
  const send = async () => {
    if (!form.mailTo) return;
    setBusy(true);
    try {
      await answer(
        authApi.POST('/api/v1/mass-mail/', {
          body: {
            mailTo: form.mailTo,
            subject: form.subject.trim(),
            message: form.message,
            ...(form.mailTo === 'custom' ? { customEmail: form.customEmail.trim() } : {}),
          },
        }),
      );
      toast(t('massMail.sent'), 'success');
      setForm({ mailTo: '', customEmail: '', subject: '', message: '' });
      setRound((r) => r + 1);
      window.dispatchEvent(new Event('taal:mass-mail-sent'));
    } catch (err) {
      // By key (decision 0026): each field's refusal beside it, the answer's in the toast.
      setErrors(
        Object.fromEntries(Object.entries(fieldErrorKeys(err)).map(([field, key]) => [field, t(key)])),
      );
      toast(translateApiError(t, err, 'massMail.failed'), 'error');
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  return (
    <AdminPage title={t('massMail.title')} testId="mass-mailing">
      <form className="card form admin-form mass-mail-form" onSubmit={check} noValidate>
        <label className="field">
          <span>{t('massMail.audience')}</span>
          <select
            value={form.mailTo}
            onChange={(e) => setForm({ ...form, mailTo: e.target.value as Audience })}
            data-testid="mass-mail-audience"
          >
            <option value="">{t('massMail.choose')}</option>
            {AUDIENCES.map((a) => (
              <option key={a} value={a}>
                {t(`massMail.audiences.${a}`)}
              </option>
            ))}
          </select>
          {errors.mailTo && <span className="field-error">{errors.mailTo}</span>}
        </label>
        {form.mailTo === 'custom' && (
          <label className="field">
            <span>{t('massMail.customEmail')}</span>
            <input
              type="email"
              value={form.customEmail}
              onChange={(e) => setForm({ ...form, customEmail: e.target.value })}
              data-testid="mass-mail-custom"
            />
            {errors.customEmail && <span className="field-error">{errors.customEmail}</span>}
          </label>
        )}
        <label className="field">
          <span>{t('massMail.subject')}</span>
          <input
            value={form.subject}
            maxLength={200}
            onChange={(e) => setForm({ ...form, subject: e.target.value })}
            data-testid="mass-mail-subject"
          />
          {errors.subject && <span className="field-error">{errors.subject}</span>}
        </label>
        <div className="field">
          <span>{t('massMail.message')}</span>
          <RichEditor
            key={round}
            value={form.message}
            onChange={(html) => setForm((f) => ({ ...f, message: html }))}
            label={t('massMail.message')}
            testId="mass-mail-message"
          />
          {errors.message && <span className="field-error">{errors.message}</span>}
        </div>
        <button className="btn btn-primary" data-testid="mass-mail-send">
          {t('massMail.send')}
        </button>
      </form>
      <section className="card">
        <h2>{t('massMail.progress')}</h2>
        <Progress />
      </section>
      <Modal
        title={t('massMail.confirmTitle')}
        open={confirming}
        onClose={() => setConfirming(false)}
        testId="mass-mail-confirm"
      >
        <p>
          {t('massMail.confirm', { audience: form.mailTo ? t(`massMail.audiences.${form.mailTo}`) : '' })}
        </p>
        <div className="modal-actions">
          <button type="button" className="btn btn-outline" onClick={() => setConfirming(false)}>
            {t('adminMessages.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={() => void send()}
            data-testid="mass-mail-confirm-send"
          >
            {t('massMail.send')}
          </button>
        </div>
      </Modal>
    </AdminPage>
  );
}
