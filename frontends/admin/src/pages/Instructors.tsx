// /admininstructorlist, /addinstructor and /updateinstructor (back office §2, §5, §7, §8; issue 10):
// the list (featured / all published, and drafts) with Feature, Publish and Read More; the profile
// form (every field, photo and banner) plus the instructor account form (type 3, linked to the
// profile); the update form sends only what was filled in or chosen. Admin only.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { answer, authApi } from '@taal/web-shared/api';
import { translateApiError } from '@taal/web-shared/errors';
import { formatNumber } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import { toast } from '@taal/web-shared/toast';
import type { Instructor } from '@taal/web-shared/types';
import { useAdminGet } from '../components/data';
import { Field } from '../components/Field';
import { formRefusal, type FormRefusal } from '../components/form-refusal';
import { PickToEdit } from '../components/PickToEdit';
import { AdminPage } from '../components/States';
import { progressProps, uploadWithProgress } from '../components/upload';
import { AsyncView, Empty } from '@taal/web-shared/ui';

function InstructorCard({ instructor, onChange }: { instructor: Instructor; onChange: (i: Instructor) => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const togglePublished = async () => {
    setBusy(true);
    const publish = !instructor.published;
    try {
      const reply = await authApi.GET(publish ? '/api/v1/instructor/instructorpublish/{id}' : '/api/v1/instructor/instructorunpublish/{id}', { params: { path: { id: instructor._id } } });
      // The spec's screen reads `success` as the string 'true'.
      if (reply.data?.success === 'true') {
        onChange(reply.data.data);
        toast(t(publish ? 'adminCourses.msg.instructorPublished' : 'adminCourses.msg.instructorUnpublished'), 'success');
      } else toast(t(publish ? 'adminCourses.msg.instructorPublishFailed' : 'adminCourses.msg.instructorUnpublishFailed'), 'success');
    } catch {
      toast(t(publish ? 'adminCourses.msg.instructorPublishFailed' : 'adminCourses.msg.instructorUnpublishFailed'), 'success');
    } finally {
      setBusy(false);
    }
  };
  const toggleFeatured = async () => {
    setBusy(true);
    try {
      const body = instructor.featured ? { featured: [], unFeatured: [instructor._id] } : { featured: [instructor._id], unFeatured: [] };
      const { data } = await answer(authApi.POST('/api/v1/instructor/featured/add/', { body }));
      const changed = data.find((i) => i._id === instructor._id);
      if (changed) onChange(changed);
      // Featuring one instructor is an update of it: the spec's 'Instructor Update Successfully' (back office §8).
      toast(t('adminCourses.msg.instructorUpdatedOne'), 'success');
    } catch (err) {
      toast(translateApiError(t, err, 'adminCourses.msg.failed'), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <article className="card admin-course-card" data-testid="admin-instructor" data-id={instructor._id}>
      <div className="admin-course-thumb">{instructor.photo ? <img src={instructor.photo} alt="" loading="lazy" /> : <span aria-hidden="true">🎤</span>}</div>
      <div className="admin-course-body">
        <h3>{instructor.name}</h3>
        <p className="muted">{instructor.band}</p>
        <p className="pills">
          <span className={`pill ${instructor.published ? 'pill-ok' : 'pill-muted'}`}>{instructor.published ? t('adminCourses.published') : t('adminCourses.draft')}</span>
          {instructor.featured && <span className="pill pill-ok">{t('adminCourses.featured')}</span>}
        </p>
      </div>
      <div className="user-card-actions">
        <button type="button" className="btn btn-outline btn-sm" disabled={busy} onClick={() => void toggleFeatured()} data-testid="instructor-feature">
          {instructor.featured ? t('adminCourses.unfeature') : t('adminCourses.feature')}
        </button>
        <button type="button" className="btn btn-outline btn-sm" disabled={busy} onClick={() => void togglePublished()} data-testid="instructor-publish">
          {instructor.published ? t('adminCourses.unpublish') : t('adminInstructors.publish')}
        </button>
        <Link className="btn btn-outline btn-sm" to={`/updateinstructor?id=${encodeURIComponent(instructor._id)}`}>
          {t('adminCourses.edit')}
        </Link>
        <a className="btn btn-primary btn-sm" href={`/instructorview/${encodeURIComponent(instructor._id)}`}>
          {t('adminInstructors.readMore')}
        </a>
      </div>
    </article>
  );
}

export function InstructorList() {
  const { t } = useTranslation();
  const [featuredOnly, setFeaturedOnly] = useState(false);
  const list = useAdminGet<Instructor[]>('admin-instructors', () => answer(authApi.GET('/api/v1/instructor/admin/instructorlist')));
  const shown = (list.data ?? []).filter((i) => !featuredOnly || i.featured);
  return (
    <AdminPage
      title={t('adminInstructors.listTitle')}
      testId="admin-instructor-list"
      actions={
        <>
          <div className="segmented" role="group">
            <button type="button" className={`btn btn-sm ${!featuredOnly ? 'btn-primary' : 'btn-outline'}`} aria-pressed={!featuredOnly} onClick={() => setFeaturedOnly(false)}>
              {t('adminInstructors.all')}
            </button>
            <button type="button" className={`btn btn-sm ${featuredOnly ? 'btn-primary' : 'btn-outline'}`} aria-pressed={featuredOnly} onClick={() => setFeaturedOnly(true)}>
              {t('adminInstructors.featuredOnly')}
            </button>
          </div>
          <Link className="btn btn-primary btn-sm" to="/addinstructor">
            {t('adminInstructors.addTitle')}
          </Link>
        </>
      }
    >
      <AsyncView state={list} empty={<Empty />} isEmpty={() => shown.length === 0}>
        {() => (
          <div className="admin-course-grid">
            {shown.map((i) => (
              <InstructorCard key={i._id} instructor={i} onChange={(changed) => list.setData((d) => d?.map((x) => (x._id === changed._id ? changed : x)))} />
            ))}
          </div>
        )}
      </AsyncView>
    </AdminPage>
  );
}

function ProfileForm({ instructor, onDone }: { instructor?: Instructor; onDone: (i: Instructor) => void }) {
  const { t } = useTranslation();
  const add = !instructor;
  const [problem, setProblem] = useState<FormRefusal | null>(null);
  const [progress, setProgress] = useState(0);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const el = e.currentTarget;
    const form = new FormData();
    for (const [k, v] of new FormData(el).entries()) if (typeof v === 'string' ? v.trim() !== '' : v.size > 0) form.append(k, v);
    setBusy(true);
    setProblem(null);
    try {
      const path = add ? '/api/v1/instructor/add/' : `/api/v1/instructor/${encodeURIComponent(instructor._id)}/`;
      const { data } = await uploadWithProgress<Instructor>(path, form, setProgress);
      toast(t(add ? 'adminCourses.msg.instructorAdded' : 'adminCourses.msg.instructorUpdated'), 'success');
      if (add) el.reset();
      onDone(data);
    } catch (err) {
      const refused = formRefusal(t, err, add ? 'refusals:INSTRUCTOR_ADD_FAILED' : 'refusals:INSTRUCTOR_UPDATE_FAILED');
      setProblem(refused);
      toast(refused.text, 'error');
    } finally {
      setBusy(false);
      setProgress(0);
    }
  };
  const f = problem?.fields ?? {};
  return (
    <form className="admin-form" onSubmit={(e) => void submit(e)} data-testid="instructor-profile-form" noValidate>
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
      <div className="upload-progress">
        <div className="upload-bar" {...progressProps(progress)} aria-label={t('adminCourses.progress')}>
          <span style={{ width: `${progress}%` }} />
        </div>
        <span className="upload-percent">{formatNumber(progress)}%</span>
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {add ? t('adminInstructors.addTitle') : t('adminInstructors.updateTitle')}
      </button>
    </form>
  );
}

/** The instructor's login (type 3), linked to the profile just made (identity's rules and messages). */
function AccountForm({ profileId }: { profileId?: string }) {
  const { t } = useTranslation();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const el = e.currentTarget;
    const v = Object.fromEntries(new FormData(el).entries()) as Record<string, string>;
    setBusy(true);
    setError('');
    try {
      await answer(
        authApi.POST('/api/v1/user/instructor-account', { body: { name: v.name ?? '', email: v.email ?? '', password: v.password ?? '', ...(profileId ? { instructor: profileId } : {}) } }),
      );
      toast(t('adminInstructors.accountMade'), 'success');
      el.reset();
    } catch (err) {
      setError(translateApiError(t, err, 'adminCourses.msg.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="admin-form" onSubmit={(e) => void submit(e)} data-testid="instructor-account-form" noValidate>
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

export function AddInstructor() {
  const { t } = useTranslation();
  const [made, setMade] = useState<Instructor | null>(null);
  return (
    <AdminPage title={t('adminInstructors.addTitle')} testId="admin-add-instructor">
      <ProfileForm onDone={setMade} />
      {made && <p className="alert-success">{t('adminInstructors.linkHint', { name: made.name })}</p>}
      <AccountForm profileId={made?._id} />
    </AdminPage>
  );
}

export function UpdateInstructor() {
  const { t } = useTranslation();
  const list = useAdminGet<Instructor[]>('admin-instructors', () => answer(authApi.GET('/api/v1/instructor/admin/instructorlist')));
  return (
    <AdminPage title={t('adminInstructors.updateTitle')} testId="admin-update-instructor">
      <PickToEdit list={list} pickLabel={t('adminInstructors.pick')} optionLabel={(i) => i.name}>
        {(instructor, onSaved) => <ProfileForm key={instructor._id} instructor={instructor} onDone={onSaved} />}
      </PickToEdit>
    </AdminPage>
  );
}
