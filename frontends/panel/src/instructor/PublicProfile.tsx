// The instructor's public profile, in their Profile tab (issue 40): the tab's other form edits the
// login account; this one edits what students see on /instructorview/{id} (name, band, bio, photo,
// banner) with POST instructor/{id}/, which the catalogue allows an instructor for their own
// profile only (never the share or "featured"). Only what was changed or chosen is sent.
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { answer, authApi, multipart, publicApi } from '@taal/web-shared/api';
import { fieldErrorKeys, translateApiError } from '@taal/web-shared/errors';
import { useTranslation } from '@taal/web-shared/i18n';
import type { SessionUser } from '@taal/web-shared/session';
import { toast } from '@taal/web-shared/toast';
import type { Instructor } from '@taal/web-shared/types';
import { useAsync } from '@taal/web-shared/useAsync';
import { linkTo } from '@taal/web-shared/routes';

type Field = 'name' | 'band' | 'bio' | 'photo' | 'banner';

/**
 * The bio is sanitised HTML (the storefront renders it); here it is edited as plain text, a blank
 * line between paragraphs, so an instructor never sees or writes tags.
 */
export function bioToText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.querySelectorAll('br').forEach((br) => br.replaceWith('\n'));
  const blocks = [...doc.body.querySelectorAll('p, li, h1, h2, h3, h4, blockquote')].map((b) => b.textContent?.trim() ?? '').filter(Boolean);
  return (blocks.length > 0 ? blocks.join('\n\n') : (doc.body.textContent ?? '')).trim();
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function textToBio(text: string): string {
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

export default function PublicProfile({ user }: { user: SessionUser }) {
  const id = user.instructor ?? '';
  const profile = useAsync<Instructor>(async () => (await answer(publicApi.GET('/api/v1/instructor/{id}/', { params: { path: { id } } }))).data, [id]);
  if (!profile.data) return profile.loading ? null : <PublicProfileMissing />;
  return <PublicProfileForm key={profile.data._id} instructor={profile.data} onSaved={profile.reload} />;
}

function PublicProfileMissing() {
  const { t } = useTranslation();
  return (
    <section className="public-profile" data-testid="public-profile-missing">
      <h3>{t('panel.publicProfile.title')}</h3>
      <p className="muted">{t('panel.publicProfile.missing')}</p>
    </section>
  );
}

function PublicProfileForm({ instructor, onSaved }: { instructor: Instructor; onSaved: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(instructor.name);
  const [band, setBand] = useState(instructor.band ?? '');
  const initialBio = bioToText(instructor.bio ?? '');
  const [bio, setBio] = useState(initialBio);
  const [photo, setPhoto] = useState<File | null>(null);
  const [banner, setBanner] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!photo) return setPreview(null);
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const form: { name?: string; band?: string; bio?: string; photo?: Blob; banner?: Blob } = {};
    if (name.trim() && name.trim() !== instructor.name) form.name = name.trim();
    if (band.trim() !== (instructor.band ?? '')) form.band = band.trim();
    if (bio.trim() !== initialBio) form.bio = textToBio(bio);
    if (photo) form.photo = photo;
    if (banner) form.banner = banner;
    if (Object.keys(form).length === 0) {
      toast(t('panel.publicProfile.nothing'), 'info');
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      await answer(authApi.POST('/api/v1/instructor/{id}/', { params: { path: { id: instructor._id } }, ...multipart(form) }));
      toast(t('adminCourses.msg.instructorUpdated'), 'success');
      onSaved();
    } catch (err) {
      setErrors(fieldErrorKeys(err));
      toast(translateApiError(t, err, 'adminCourses.msg.instructorUpdateFailed'), 'error');
    } finally {
      setBusy(false);
    }
  };

  const error = (f: Field) =>
    errors[f] ? (
      <span className="field-error" data-testid={`public-${f}-error`}>
        {t(errors[f]!)}
      </span>
    ) : null;

  return (
    <form className="profile-form public-profile" onSubmit={(e) => void save(e)} noValidate data-testid="public-profile-form" aria-labelledby="public-profile-title">
      <h3 id="public-profile-title">{t('panel.publicProfile.title')}</h3>
      <p className="muted">
        {t('panel.publicProfile.hint')}{' '}
        <Link to={linkTo('/instructorview/:id', { id: instructor._id })} data-testid="public-profile-view">
          {t('panel.publicProfile.view')}
        </Link>
      </p>
      <label>
        {t('adminInstructors.f.name')}
        <input value={name} onChange={(e) => setName(e.target.value)} aria-invalid={Boolean(errors.name)} data-testid="public-name" />
        {error('name')}
      </label>
      <label>
        {t('adminInstructors.f.band')}
        <input value={band} onChange={(e) => setBand(e.target.value)} aria-invalid={Boolean(errors.band)} data-testid="public-band" />
        {error('band')}
      </label>
      <label>
        {t('adminInstructors.f.bio')}
        <textarea rows={5} value={bio} onChange={(e) => setBio(e.target.value)} aria-invalid={Boolean(errors.bio)} aria-describedby="public-bio-hint" data-testid="public-bio" />
        <span className="field-hint" id="public-bio-hint">
          {t('panel.publicProfile.bioHint')}
        </span>
        {error('bio')}
      </label>
      <div className="profile-photo">
        <img className="own-photo" src={preview ?? instructor.photo} alt={t('panel.publicProfile.photoNow')} width={96} height={96} data-testid="public-photo-shown" />
      </div>
      <label>
        {t('adminInstructors.f.photo')}
        <input type="file" accept="image/jpeg,image/png,image/gif,image/webp" onChange={(e) => setPhoto(e.target.files?.[0] ?? null)} data-testid="public-photo" />
        {error('photo')}
      </label>
      <label>
        {t('adminInstructors.f.banner')}
        <input type="file" accept="image/jpeg,image/png,image/gif,image/webp" onChange={(e) => setBanner(e.target.files?.[0] ?? null)} data-testid="public-banner" />
        {error('banner')}
      </label>
      <button className="btn btn-primary" disabled={busy} data-testid="public-save">
        {t('panel.publicProfile.save')}
      </button>
    </form>
  );
}
