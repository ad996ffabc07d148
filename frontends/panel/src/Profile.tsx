// The Profile tab of the student and the instructor panels (storefront §2; issue 12): the e-mail
// is shown read-only; a new password and/or a new photo are saved with POST user/ ('User Updated
// Successfully!' / 'User Update Failed!').
import { useState, type FormEvent } from 'react';
import { answer, authApi, multipart } from '@taal/web-shared/api';
import { useTranslation } from '@taal/web-shared/i18n';
import type { SessionUser } from '@taal/web-shared/session';
import { toast } from '@taal/web-shared/toast';

export default function Profile({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!password && !photo) {
      toast(t('payouts.profile.nothing'), 'error');
      return;
    }
    if (password && password.length < 6) {
      toast(t('payouts.profile.short'), 'error');
      return;
    }
    setBusy(true);
    try {
      await answer(authApi.POST('/api/v1/user/', { ...multipart({ password: password || undefined, photo: photo ?? undefined }) }));
      toast(t('payouts.profile.updated'), 'success');
      setPassword('');
      setPhoto(null);
      setFormKey((n) => n + 1);
    } catch {
      toast(t('payouts.profile.failed'), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form key={formKey} className="profile-form" onSubmit={(e) => void save(e)} data-testid="profile-form">
      <label>
        {t('payouts.profile.name')}
        <input value={user.name} readOnly disabled />
      </label>
      <label>
        {t('payouts.email')}
        <input type="email" value={user.email} readOnly disabled data-testid="profile-email" />
      </label>
      <label>
        {t('payouts.profile.password')}
        <input type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} data-testid="profile-password" />
      </label>
      <label>
        {t('payouts.profile.photo')}
        <input type="file" accept="image/jpeg,image/png,image/gif,image/webp" onChange={(e) => setPhoto(e.target.files?.[0] ?? null)} data-testid="profile-photo" />
      </label>
      <button className="btn btn-primary" disabled={busy} data-testid="profile-save">
        {t('payouts.profile.save')}
      </button>
    </form>
  );
}
