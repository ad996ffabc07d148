// The date of birth asked before the first purchase of an account that has none (a Google or
// Facebook sign-up; issue 53 item 5, decision 0077), under the sign-up's age rule (decision 0047):
// under 13 refused, 13 to 17 name a parent or guardian (the purchase then waits for their
// approval), 18 and over go on. Saved with the Profile tab's POST user/; the server judges again
// and refuses any order until a date is stored. A lazy chunk: only such an account's cart loads it.
import { useState, type FormEvent } from 'react';
import { ageRule, dobRefusal, guardianEmailRefusal, todayInDhaka } from '@taal/contracts/web';
import { answer, authApi, multipart } from '@taal/web-shared/api';
import { fieldErrorKeys, translateApiError } from '@taal/web-shared/errors';
import { useTranslation } from '@taal/web-shared/i18n';
import { notifySession, saveUser, type SessionUser } from '@taal/web-shared/session';
import { toast } from '@taal/web-shared/toast';

type Errors = { dob?: string; guardianEmail?: string };

export default function DobPrompt({ user, onSaved, onCancel }: { user: SessionUser; onSaved: (user: SessionUser) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const today = todayInDhaka();
  const [dob, setDob] = useState('');
  const [guardianEmail, setGuardianEmail] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const age = dobRefusal(dob, today) ? 'none' : ageRule(dob, today);

  const problems = (): Errors => {
    const dobProblem = dobRefusal(dob, today) ?? (age === 'tooYoung' ? 'TOO_YOUNG' : null);
    if (dobProblem) return { dob: `refusals:${dobProblem}` };
    const guardianProblem = age === 'guardian' ? guardianEmailRefusal(guardianEmail, user.email) : null;
    return guardianProblem ? { guardianEmail: `refusals:${guardianProblem}` } : {};
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const found = problems();
    setErrors(found);
    const first = Object.values(found)[0];
    if (first) {
      toast(t(first), 'error');
      return;
    }
    setBusy(true);
    try {
      const { data } = await answer(authApi.POST('/api/v1/user/', multipart({ dob, ...(age === 'guardian' ? { guardianEmail: guardianEmail.trim() } : {}) })));
      saveUser(data);
      notifySession();
      toast(t('ageRule.dobSaved'), 'success');
      onSaved(data);
    } catch (err) {
      setErrors(fieldErrorKeys(err));
      toast(translateApiError(t, err), 'error');
      setBusy(false);
    }
  };

  return (
    <form className="dob-prompt" onSubmit={(e) => void save(e)} data-testid="dob-prompt" noValidate>
      <h3>{t('ageRule.dobTitle')}</h3>
      <p className="muted">{t('ageRule.dobText')}</p>
      <label htmlFor="dob-prompt-dob">{t('ageRule.dob')}</label>
      <input
        id="dob-prompt-dob"
        type="date"
        max={today}
        value={dob}
        aria-invalid={!!errors.dob}
        onChange={(e) => {
          setDob(e.target.value);
          setErrors({});
        }}
        data-testid="dob-prompt-dob"
      />
      {errors.dob && (
        <span className="field-error" role="alert" data-testid="dob-prompt-dob-error">
          {t(errors.dob)}
        </span>
      )}
      {age === 'guardian' && (
        <>
          <label htmlFor="dob-prompt-guardian">{t('ageRule.guardianEmail')}</label>
          <input
            id="dob-prompt-guardian"
            type="email"
            autoComplete="off"
            value={guardianEmail}
            aria-invalid={!!errors.guardianEmail}
            onChange={(e) => {
              setGuardianEmail(e.target.value);
              setErrors({});
            }}
            data-testid="dob-prompt-guardian"
          />
          <small className="muted field-hint">{t('ageRule.guardianHint')}</small>
          {errors.guardianEmail && (
            <span className="field-error" role="alert" data-testid="dob-prompt-guardian-error">
              {t(errors.guardianEmail)}
            </span>
          )}
        </>
      )}
      <p className="dob-prompt-actions">
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid="dob-prompt-save">
          {t('ageRule.dobSave')}
        </button>{' '}
        <button type="button" className="btn btn-outline" disabled={busy} onClick={onCancel} data-testid="dob-prompt-cancel">
          {t('ageRule.dobCancel')}
        </button>
      </p>
    </form>
  );
}
