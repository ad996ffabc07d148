import { useState, type FormEvent } from 'react';
import { useTranslation } from '@taal/web-shared/i18n';
import { toast } from '@taal/web-shared/toast';
import { ContactLimits, isEmail, nameProblem } from '@taal/contracts/web';
import { ERROR_VALUES, reasonKey, translateApiError } from '@taal/web-shared/errors';
import { answer, ApiError, publicApi } from '@taal/web-shared/api';

const EMPTY = { name: '', email: '', message: '' };

/**
 * The contact form of /contact and of the landing page (spec §5), sent to `POST contact/`
 * (messaging). The landing variant also checks the e-mail pattern and has its own messages
 * ('Missing Field or Invalid Email', 'Message sent Successfully!!'); /contact only needs the
 * three fields filled. A sent form clears; a refused one keeps what was typed.
 */
export function ContactForm({ variant }: { variant: 'page' | 'landing' }) {
  const { t } = useTranslation();
  const [form, setForm] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const landing = variant === 'landing';
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const filled = form.name.trim() && form.email.trim() && form.message.trim();
    if (!filled || (landing && !isEmail(form.email.trim()))) {
      toast(t(landing ? 'refusals:CONTACT_FIELD_OR_EMAIL_INVALID' : 'refusals:CONTACT_FIELDS_MISSING'), 'error');
      return;
    }
    // The sign-up's name rule (no control or right-to-left override characters), as the server checks it.
    if (nameProblem(form.name) === 'invalid') {
      toast(t('refusals:NAME_INVALID', ERROR_VALUES), 'error');
      return;
    }
    setBusy(true);
    try {
      await answer(publicApi.POST('/api/v1/contact/', { body: { name: form.name.trim(), email: form.email.trim(), message: form.message.trim() } }));
      toast(t(landing ? 'contact.sentLanding' : 'contact.sent'), 'success');
      setForm(EMPTY);
    } catch (err) {
      // By key (decision 0026): the name's refusal, the landing page's own wording of a refused form,
      // else the first field's refusal or the answer's (too many messages, …).
      const reasons = err instanceof ApiError ? (err.fieldReasons ?? {}) : {};
      const fieldKey = reasonKey(reasons.name) ?? (landing && err instanceof ApiError && err.status === 400 ? 'refusals:CONTACT_FIELD_OR_EMAIL_INVALID' : reasonKey(Object.values(reasons)[0]));
      toast(fieldKey ? t(fieldKey, ERROR_VALUES) : translateApiError(t, err, 'contact.failed'), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="form card" onSubmit={(e) => void submit(e)} noValidate data-testid={`contact-form-${variant}`}>
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
        {/* The server's limit (ContactLimits, messaging's rule), shown with a counter; typing stops there (issue 55). */}
        <textarea
          rows={landing ? 4 : 5}
          value={form.message}
          maxLength={ContactLimits.message}
          aria-describedby={`contact-count-${variant}`}
          onChange={(e) => setForm({ ...form, message: e.target.value })}
          data-testid={`contact-message-${variant}`}
        />
        <small className="muted char-count" id={`contact-count-${variant}`} data-testid={`contact-count-${variant}`}>
          {t('contact.counter', { count: form.message.length, max: ContactLimits.message })}
        </small>
      </label>
      <button className="btn btn-primary" disabled={busy}>
        {t('contact.send')}
      </button>
    </form>
  );
}
