import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatDate } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import { toast } from '@taal/web-shared/toast';
import { commerce, commerceError, currentStudent, TIER_NAMES, type TierName } from '../../commerce';
import type { Enrolment } from '../../learning';
import { linkTo } from '@taal/web-shared/routes';

/** The student's access to the course: its tier and end date, and Renew once it has ended. */
export function EnrolmentStatus({ enrolment, courseId, onLogin }: { enrolment: Enrolment; courseId: string; onLogin: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const tier: TierName = (TIER_NAMES as readonly string[]).includes(enrolment.tier) ? (enrolment.tier as TierName) : 'silver';
  const date = formatDate(enrolment.expiresAt, i18n.resolvedLanguage);
  const tierLabel = t(`tiers.${tier}`);

  const renew = async () => {
    const user = currentStudent();
    if (!user) return onLogin();
    setBusy(true);
    try {
      await commerce.addToCart(user._id, courseId, tier);
      navigate(linkTo('/cart'));
    } catch (err) {
      toast(commerceError(t, err), 'error');
      setBusy(false);
    }
  };

  if (enrolment.active) {
    return (
      <p className="enrolment" data-testid="enrolment" data-active="true">
        {t('player.enrolment.active', { tier: tierLabel, date })}
      </p>
    );
  }
  return (
    <div className="enrolment expired" data-testid="enrolment" data-active="false">
      <span className="badge-expired">{t('player.enrolment.expired')}</span>
      <span>{t('player.enrolment.expiredOn', { tier: tierLabel, date })}</span>
      <button type="button" className="btn btn-primary btn-sm" onClick={() => void renew()} disabled={busy} data-testid="renew">
        {t('player.enrolment.renew')}
      </button>
    </div>
  );
}
