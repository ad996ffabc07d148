// The dashboard's social figures form (issue 53): every figure the dashboard shows, as whole
// numbers (Bengali digits read as Latin ones), saved with POST analytics/social-analytics. Loaded
// only when the admin opens it (the /admin first visit is near its 200 KB budget).
import { useState, type FormEvent } from 'react';
import { answer, authApi } from '@taal/web-shared/api';
import { useTranslation } from '@taal/web-shared/i18n';
import { NumberInput } from '@taal/web-shared/number-input';
import { useSubmit } from '@taal/web-shared/ui';
import type { Data } from '../components/commerce';
import { SOCIAL_FIGURES } from './Dashboard';

type Figures = Data<'/api/v1/analytics/social-analytics', 'get'>;
type Key = Exclude<keyof Figures, 'updatedAt'>;

export default function SocialFiguresForm({
  figures,
  onSaved,
  onCancel,
}: {
  figures: Figures;
  onSaved: (saved: Figures) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const keys = SOCIAL_FIGURES.flatMap(([, k]) => k);
  const [form, setForm] = useState<Record<Key, string>>(
    () => Object.fromEntries(keys.map((k) => [k, String(figures[k])])) as Record<Key, string>,
  );
  const { busy, outcome, submit } = useSubmit();

  const save = async (e: FormEvent) => {
    e.preventDefault();
    // An empty box is 0, as the API takes an omitted figure.
    const body = Object.fromEntries(keys.map((k) => [k, Number(form[k] || '0')])) as Record<Key, number>;
    const saved = await submit(() => answer(authApi.POST('/api/v1/analytics/social-analytics', { body })), {
      done: t('socialForm.saved'),
      failedKey: 'socialForm.failed',
    });
    if (saved) onSaved(saved.answer.data);
  };

  return (
    <form
      className="admin-form social-form"
      onSubmit={(e) => void save(e)}
      noValidate
      data-testid="social-form"
    >
      {outcome?.kind === 'error' && (
        <div className="admin-alert alert-error" role="alert" data-testid="social-form-message">
          {outcome.text}
        </div>
      )}
      <div className="social-grid">
        {SOCIAL_FIGURES.map(([network, group]) => (
          <fieldset key={network} className="social-network">
            <legend>{t(`admin.social.${network}`)}</legend>
            {group.map((k) => (
              <label key={k}>
                <span>{t(`admin.social.${k}`)}</span>
                <NumberInput
                  name={k}
                  maxLength={13}
                  min={0}
                  value={form[k]}
                  onChange={(v) => setForm((f) => ({ ...f, [k]: v }))}
                  data-testid={`social-input-${k}`}
                />
              </label>
            ))}
          </fieldset>
        ))}
      </div>
      <div className="modal-actions">
        <button type="button" className="btn btn-outline" onClick={onCancel} data-testid="social-form-cancel">
          {t('common.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid="social-form-save">
          {t('socialForm.save')}
        </button>
      </div>
    </form>
  );
}
