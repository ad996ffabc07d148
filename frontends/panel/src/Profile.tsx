// The Profile tab of the student and the instructor panels (storefront §2, §5; issue 27): name,
// phone, address and date of birth are changed with their sign-up rules and messages (the same
// functions identity checks them with, from @taal/contracts); the e-mail is shown read-only; a
// new password and/or a new photo (compressed in the browser to JPEG quality 0.6, at most
// 1000 × 1000, like at sign-up) may go with them; a new password needs the current one (issue
// 36, decision 0039). Saved with POST user/ ('User Updated Successfully!' / 'User Update Failed!').
import { useEffect, useState, type FormEvent } from 'react';
import { addressRefusal, dobRefusal, nameRefusal, phoneRefusal, todayInDhaka, UserRoles } from '@taal/contracts/web';
import { answer, authApi, multipart } from '@taal/web-shared/api';
import { fieldErrorKeys, hasReason, translateApiError } from '@taal/web-shared/errors';
import { useTranslation } from '@taal/web-shared/i18n';
import { compressPhoto } from '@taal/web-shared/photo';
import { notifySession, saveUser, type SessionUser } from '@taal/web-shared/session';
import { toast } from '@taal/web-shared/toast';
import { UserPhoto } from '@taal/web-shared/user-photo';

type Details = { name: string; phone: string; address: string; dob: string };
type FieldName = keyof Details | 'password' | 'currentPassword' | 'photo';

const detailsOf = (u: SessionUser): Details => ({ name: u.name ?? '', phone: u.phone ?? '', address: u.address ?? '', dob: u.dob ?? '' });

/** The sign-up rule of each detail: field → refusal key (translated at render time). */
/** The details the user changed from the stored ones: only these are checked and sent (omitted: unchanged). */
const changedOf = (d: Details, saved: Details): Partial<Details> =>
  Object.fromEntries((Object.keys(d) as (keyof Details)[]).filter((k) => d[k].trim() !== saved[k]).map((k) => [k, d[k].trim()]));

/** The sign-up rule of each changed detail (an account made without a phone keeps none until one is given). */
function problems(changed: Partial<Details>, password: string, currentPassword: string): Partial<Record<FieldName, string>> {
  const found: Partial<Record<FieldName, string | null>> = {
    name: changed.name === undefined ? null : nameRefusal(changed.name),
    phone: changed.phone === undefined ? null : phoneRefusal(changed.phone),
    address: changed.address === undefined ? null : addressRefusal(changed.address),
    dob: changed.dob === undefined ? null : dobRefusal(changed.dob, todayInDhaka()),
    password: password && password.length < 6 ? 'PASSWORD_TOO_SHORT' : null,
    currentPassword: password && !currentPassword ? 'CURRENT_PASSWORD_REQUIRED' : null,
  };
  return Object.fromEntries(Object.entries(found).filter(([, k]) => k).map(([f, k]) => [f, `refusals:${k}`]));
}

export default function Profile({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const [details, setDetails] = useState<Details>(() => detailsOf(user));
  const [saved, setSaved] = useState<Details>(() => detailsOf(user));
  const [password, setPassword] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  // The photo the account has (issue 40: the tab showed only a file field), and the one chosen.
  const [photoPath, setPhotoPath] = useState(user.photo);
  const [chosenUrl, setChosenUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!photo) {
      setChosenUrl(null);
      return;
    }
    const url = URL.createObjectURL(photo);
    setChosenUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [busy, setBusy] = useState(false);
  const [formKey, setFormKey] = useState(0);

  const set = (field: keyof Details, value: string) => {
    setDetails((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const choosePhoto = async (file: File | undefined) => {
    setPhoto(null);
    setErrors((e) => ({ ...e, photo: undefined }));
    if (!file) return;
    try {
      setPhoto(await compressPhoto(file));
    } catch {
      setErrors((e) => ({ ...e, photo: 'refusals:PHOTO_NOT_IMAGE' }));
    }
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const changed = changedOf(details, saved);
    const found = problems(changed, password, currentPassword);
    if (errors.photo) found.photo = errors.photo;
    setErrors(found);
    if (Object.keys(found).length) {
      toast(t('payouts.profile.failed'), 'error');
      return;
    }
    // Nothing changed: say so (the server's NOTHING_TO_UPDATE) rather than a red failure (issue 40).
    if (!Object.keys(changed).length && !password && !photo) {
      toast(t('refusals:NOTHING_TO_UPDATE'), 'info');
      return;
    }
    setBusy(true);
    try {
      const form = {
        ...changed,
        password: password || undefined,
        // Only with a new password: it is not checked otherwise.
        currentPassword: password ? currentPassword : undefined,
        photo: photo ?? undefined,
      };
      const { data } = await answer(authApi.POST('/api/v1/user/', multipart(form)));
      // The header and the other tabs read the stored user.
      saveUser(data);
      notifySession();
      setDetails(detailsOf(data));
      setSaved(detailsOf(data));
      setPhotoPath(data.photo);
      toast(t('payouts.profile.updated'), 'success');
      setPassword('');
      setCurrentPassword('');
      setPhoto(null);
      setFormKey((n) => n + 1);
    } catch (err) {
      setErrors(fieldErrorKeys(err));
      toast(translateApiError(t, err, 'payouts.profile.failed'), hasReason(err, 'NOTHING_TO_UPDATE') ? 'info' : 'error');
    } finally {
      setBusy(false);
    }
  };

  const error = (field: FieldName) =>
    errors[field] ? (
      <span className="field-error" data-testid={`profile-${field}-error`}>
        {t(errors[field]!)}
      </span>
    ) : null;
  const text = (field: keyof Details, label: string, extra: Record<string, unknown> = {}) => (
    <label className={errors[field] ? 'has-error' : undefined}>
      {label}
      <input value={details[field]} onChange={(e) => set(field, e.target.value)} aria-invalid={Boolean(errors[field])} data-testid={`profile-${field}`} {...extra} />
      {error(field)}
    </label>
  );

  return (
    <form className="profile-form" onSubmit={(e) => void save(e)} data-testid="profile-form" noValidate>
      {text('name', t('auth.fields.name'), { autoComplete: 'name' })}
      <label>
        {t('payouts.email')}
        <input type="email" value={user.email} readOnly disabled data-testid="profile-email" />
      </label>
      {text('phone', t('auth.fields.phone'), { type: 'tel', inputMode: 'numeric', autoComplete: 'tel' })}
      {text('address', t('auth.fields.address'), { autoComplete: 'street-address' })}
      {/* Given once (decision 0077): at sign-up, or a social sign-up's first purchase; never changed here. */}
      {text('dob', t('auth.fields.dob'), { type: 'date', max: todayInDhaka(), readOnly: true, disabled: true, 'aria-describedby': 'profile-dob-hint' })}
      <span className="field-hint" id="profile-dob-hint" data-testid="profile-dob-hint">
        {saved.dob ? t('ageRule.dobLockedHint') : user.type === UserRoles.student ? t('ageRule.dobAskedAtPurchase') : null}
      </span>
      <div key={formKey} className="profile-form-secrets">
        <label className={errors.currentPassword ? 'has-error' : undefined}>
          {t('payouts.profile.currentPassword')}
          <input
            type="password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(e) => {
              setCurrentPassword(e.target.value);
              setErrors((er) => ({ ...er, currentPassword: undefined }));
            }}
            aria-invalid={Boolean(errors.currentPassword)}
            aria-describedby="profile-current-password-hint"
            data-testid="profile-current-password"
          />
          <span className="field-hint" id="profile-current-password-hint">
            {t('payouts.profile.currentPasswordHint')}
          </span>
          {error('currentPassword')}
        </label>
        <label className={errors.password ? 'has-error' : undefined}>
          {t('payouts.profile.password')}
          <input type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} data-testid="profile-password" />
          {error('password')}
        </label>
        <div className="profile-photo" data-testid="profile-photo-shown">
          {chosenUrl ? (
            <img className="own-photo" src={chosenUrl} alt={t('payouts.profile.chosenPhoto')} width={96} height={96} data-testid="profile-photo-chosen" />
          ) : (
            <UserPhoto path={photoPath} size={96} alt={t('payouts.profile.currentPhoto')} testId="profile-photo-current" fallback={<span className="muted">{t('payouts.profile.noPhoto')}</span>} />
          )}
        </div>
        <label className={errors.photo ? 'has-error' : undefined}>
          {t('payouts.profile.photo')}
          <input type="file" accept="image/jpeg,image/png,image/gif,image/webp" onChange={(e) => void choosePhoto(e.target.files?.[0])} data-testid="profile-photo" />
          {error('photo')}
        </label>
      </div>
      <button className="btn btn-primary" disabled={busy} data-testid="profile-save">
        {t('payouts.profile.save')}
      </button>
    </form>
  );
}
