// The forms of /addinstructor and /updateinstructor: the instructor's profile (every field, photo
// and banner; an update sends only what was filled in or chosen) and the instructor's login (type 3).
import { useState, type FormEvent } from 'react';
import { latinDigits } from '@taal/contracts/web';
import { answer, authApi } from '@taal/web-shared/api';
import { useTranslation } from '@taal/web-shared/i18n';
import type { Instructor } from '@taal/web-shared/types';
import { useSubmit } from '@taal/web-shared/ui';
import { Field } from '../components/Field';
import { uploadWithProgress } from '../components/upload';
import { UploadProgress } from '../components/UploadProgress';

export function ProfileForm({ instructor, onDone }: { instructor?: Instructor; onDone: (i: Instructor) => void }) {
  const { t } = useTranslation();
  const add = !instructor;
  const { busy, refusal: problem, submit } = useSubmit();
  const [progress, setProgress] = useState(0);
  const save = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const el = e.currentTarget;
    const form = new FormData();
    // The percentage typed in Bengali digits reads as Latin ones (the phone field's parser; issue 55).
    for (const [k, v] of new FormData(el).entries()) if (typeof v === 'string' ? v.trim() !== '' : v.size > 0) form.append(k, k === 'percentage' && typeof v === 'string' ? latinDigits(v) : v);
    const path = add ? '/api/v1/instructor/add/' : `/api/v1/instructor/${encodeURIComponent(instructor._id)}/`;
    const saved = await submit(() => uploadWithProgress<Instructor>(path, form, setProgress), {
      done: t(add ? 'adminCourses.msg.instructorAdded' : 'adminCourses.msg.instructorUpdated'),
      failedKey: add ? 'refusals:INSTRUCTOR_ADD_FAILED' : 'refusals:INSTRUCTOR_UPDATE_FAILED',
    });
    setProgress(0);
    if (!saved) return;
    if (add) el.reset();
    onDone(saved.answer.data);
  };
  const f = problem?.fields ?? {};
  return (
    <form className="admin-form" onSubmit={(e) => void save(e)} data-testid="instructor-profile-form" noValidate>
      <h2>{t('adminInstructors.profile')}</h2>
      {problem && (
        <div className="alert-error admin-alert" role="alert">
          {problem.text}
        </div>
      )}
      <div className="form-grid">
        <Field label={t('adminInstructors.f.name')} error={f.name}>
          <input name="name" defaultValue={instructor?.name} />
        </Field>
        <Field label={t('adminInstructors.f.band')} error={f.band}>
          <input name="band" defaultValue={instructor?.band} />
        </Field>
        <Field label={t('adminInstructors.f.percentage')} error={f.percentage}>
          <input name="percentage" inputMode="numeric" pattern="[0-9]*" />
        </Field>
        <Field label={t('adminInstructors.f.photo')} error={f.photo}>
          <input type="file" name="photo" accept="image/jpeg,image/png,image/gif,image/webp" />
        </Field>
        <Field label={t('adminInstructors.f.banner')} error={f.banner}>
          <input type="file" name="banner" accept="image/jpeg,image/png,image/gif,image/webp" />
        </Field>
      </div>
      <Field label={t('adminInstructors.f.bio')} error={f.bio}>
        <textarea name="bio" rows={4} defaultValue={instructor?.bio} />
      </Field>
      <UploadProgress progress={progress} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {add ? t('adminInstructors.addTitle') : t('adminInstructors.updateTitle')}
      </button>
    </form>
  );
}

/** The instructor's login (type 3), linked to the profile just made (identity's rules and messages). */
export function AccountForm({ profileId }: { profileId?: string }) {
  const { t } = useTranslation();
  const { busy, refusal, submit } = useSubmit();
  const save = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const el = e.currentTarget;
    const v = Object.fromEntries(new FormData(el).entries()) as Record<string, string>;
    const made = await submit(
      () =>
        answer(
          authApi.POST('/api/v1/user/instructor-account', { body: { name: v.name ?? '', email: v.email ?? '', password: v.password ?? '', ...(profileId ? { instructor: profileId } : {}) } }),
        ),
      { done: t('adminInstructors.accountMade'), failedKey: 'adminCourses.msg.failed' },
    );
    if (made) el.reset();
  };
  const error = refusal?.text ?? '';
  return (
    <form className="admin-form" onSubmit={(e) => void save(e)} data-testid="instructor-account-form" noValidate>
      <h2>{t('adminInstructors.account')}</h2>
      {error && (
        <div className="alert-error admin-alert" role="alert">
          {error}
        </div>
      )}
      <div className="form-grid">
        <Field label={t('adminInstructors.f.name')}>
          <input name="name" />
        </Field>
        <Field label={t('adminInstructors.f.email')}>
          <input name="email" type="email" />
        </Field>
        <Field label={t('adminInstructors.f.password')}>
          <input name="password" type="password" autoComplete="new-password" />
        </Field>
      </div>
      <button type="submit" className="btn btn-outline" disabled={busy}>
        {t('adminInstructors.makeAccount')}
      </button>
    </form>
  );
}
