// The age rule in the student panel (decision 0047): while a 13-17-year-old's guardian has not
// approved, a notice says why buying is refused, with "send the guardian mail again" (POST
// user/guardian-resend, capped per account and address at the edge). The state is read fresh
// (GET user/{id}), so an approval made in the guardian's browser shows on the next visit.
import { useState } from 'react';
import { answer, authApi } from '@taal/web-shared/api';
import { translateApiError } from '@taal/web-shared/errors';
import { useTranslation } from '@taal/web-shared/i18n';
import type { SessionUser } from '@taal/web-shared/session';
import { toast } from '@taal/web-shared/toast';
import { useAsync } from '@taal/web-shared/useAsync';

export default function GuardianNotice({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const fresh = useAsync(async () => (await answer(authApi.GET('/api/v1/user/{id}/', { params: { path: { id: user._id } } }))).data, [user._id]);
  const me = fresh.data ?? (fresh.loading ? user : null);
  if (!me || me.guardianStatus !== 'pending') return null;
  const resend = async () => {
    setBusy(true);
    try {
      await answer(authApi.POST('/api/v1/user/guardian-resend'));
      toast(t('ageRule.resent'), 'success');
    } catch (err) {
      toast(translateApiError(t, err), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="guardian-notice" role="status" data-testid="guardian-notice">
      <strong>{t('ageRule.pendingTitle')}</strong>
      <p>{t('ageRule.pendingText', { email: me.guardianEmail })}</p>
      <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void resend()} data-testid="guardian-resend">
        {t('ageRule.resend')}
      </button>
    </div>
  );
}
