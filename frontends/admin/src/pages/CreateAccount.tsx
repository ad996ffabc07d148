// /createaccount: name, email, password, account type (Admin 1 / Content Uploader 2) and an
// optional instructor (back office §2, §5).
import { useState, type FormEvent } from 'react';
import { useTranslation } from '@taal/web-shared/i18n';
import { answer, api, ApiError, authApi } from '@taal/web-shared/api';
import { hasReason, reasonKey, translateApiError } from '@taal/web-shared/errors';
import { isEmail, UserRoles } from '@taal/contracts/web';
import { toast } from '@taal/web-shared/toast';
import type { Instructor } from '@taal/web-shared/types';
import { useAsync } from '@taal/web-shared/useAsync';
import { AdminPage } from '../components/States';

const EMPTY = { name: '', email: '', password: '', type: '', instructor: 'N/A' };

export default function CreateAccount() {
  const { t } = useTranslation();
  const [form, setForm] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const instructors = useAsync<Instructor[]>(() => api.instructors().catch(() => []), []);
  const set = (k: keyof typeof EMPTY, v: string) => setForm((f) => ({ ...f, [k]: v }));

  const fail = (text: string) => {
    setMessage({ kind: 'error', text });
    toast(text, 'error');
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!form.name.trim() || !form.email.trim() || !form.password || !form.type) return fail(t('refusals:SOME_FIELD_NOT_FILLED'));
    if (!isEmail(form.email.trim())) return fail(t('refusals:INVALID_EMAIL'));
    if (form.password.length < 6) return fail(t('refusals:PASSWORD_TOO_SHORT'));
    setBusy(true);
    setMessage(null);
    try {
      await answer(
        authApi.POST('/api/v1/user/create-account', {
          body: {
            name: form.name.trim(),
            email: form.email.trim(),
            password: form.password,
            type: Number(form.type) as 1 | 2,
            instructor: form.instructor,
          },
        }),
      );
      setForm(EMPTY);
      setMessage({ kind: 'success', text: t('adminUsers.create.added') });
      toast(t('adminUsers.create.added'), 'success');
    } catch (err) {
      // By the stable reason keys (decision 0002), never the server's English sentence.
      if (hasReason(err, 'EMAIL_TAKEN', 'EMAIL_EXISTS')) fail(t('refusals:EMAIL_EXISTS'));
      else if (err instanceof ApiError && err.status < 500 && reasonKey(err.reason)) fail(translateApiError(t, err));
      else fail(t('refusals:USER_NOT_ADDED'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AdminPage title={t('adminUsers.createTitle')} testId="admin-create-account">
      <form className="card admin-form" onSubmit={(e) => void submit(e)} noValidate>
        {message && (
          <div className={`admin-alert alert-${message.kind}`} role={message.kind === 'error' ? 'alert' : 'status'} data-testid="create-message">
            {message.text}
          </div>
        )}
        <label>
          <span>{t('auth.fields.name')}</span>
          <input name="name" value={form.name} onChange={(e) => set('name', e.target.value)} />
        </label>
        <label>
          <span>{t('auth.fields.email')}</span>
          <input name="email" type="email" autoComplete="off" value={form.email} onChange={(e) => set('email', e.target.value)} />
        </label>
        <label>
          <span>{t('auth.fields.password')}</span>
          <input name="password" type="password" autoComplete="new-password" value={form.password} onChange={(e) => set('password', e.target.value)} />
        </label>
        <label>
          <span>{t('adminUsers.create.type')}</span>
          <select name="type" value={form.type} onChange={(e) => set('type', e.target.value)}>
            <option value="">{t('adminUsers.create.chooseType')}</option>
            <option value={UserRoles.admin}>{t('adminUsers.create.admin')}</option>
            <option value={UserRoles.content}>{t('adminUsers.create.content')}</option>
          </select>
        </label>
        <label>
          <span>{t('adminUsers.create.instructor')}</span>
          <select name="instructor" value={form.instructor} onChange={(e) => set('instructor', e.target.value)}>
            <option value="N/A">{t('adminUsers.create.none')}</option>
            {instructors.data?.map((i) => (
              <option key={i._id} value={i._id}>
                {i.name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid="create-submit">
          {t('adminUsers.create.submit')}
        </button>
      </form>
    </AdminPage>
  );
}
