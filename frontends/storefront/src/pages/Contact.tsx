import { useState, type FormEvent } from 'react';
import { useTranslation } from '@shared/i18n';
import { apiPost } from '@shared/api';
import { toast } from '@shared/toast';

export const CONTACT = { phone: '+880 1700-000000', email: 'support@taal.com.bd' };

export default function Contact() {
  const { t } = useTranslation();
  const [form, setForm] = useState({ name: '', email: '', message: '' });
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!form.name.trim() || !form.email.trim() || !form.message.trim()) {
      toast(t('contact.missing'), 'error');
      return;
    }
    setBusy(true);
    try {
      await apiPost('contact/', form);
      toast(t('contact.sent'), 'success');
      setForm({ name: '', email: '', message: '' });
    } catch {
      toast(t('contact.notYet'), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div data-testid="contact">
      <h1 className="page-title">{t('contact.title')}</h1>
      <div className="grid">
        <div className="card">
          <h2>{t('contact.details')}</h2>
          <p>
            <strong>{t('contact.phone')}:</strong> <a href={`tel:${CONTACT.phone.replace(/[^+\d]/g, '')}`}>{CONTACT.phone}</a>
          </p>
          <p>
            <strong>{t('contact.supportEmail')}:</strong> <a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a>
          </p>
          <p>
            <strong>{t('contact.office')}:</strong> {t('contact.address')}
          </p>
        </div>
        <form className="form card" onSubmit={submit} noValidate>
          <label>
            {t('contact.name')}
            <input value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
          </label>
          <label>
            {t('contact.email')}
            <input type="email" value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} />
          </label>
          <label>
            {t('contact.message')}
            <textarea rows={5} value={form.message} onChange={(e) => setForm({ ...form, message: e.target.value })} />
          </label>
          <button className="btn btn-primary" disabled={busy}>
            {t('contact.send')}
          </button>
        </form>
      </div>
    </div>
  );
}
