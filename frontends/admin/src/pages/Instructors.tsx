// /admininstructorlist, /addinstructor and /updateinstructor (back office §2, §5, §7, §8; issue 10):
// the list (featured / all published, and drafts) with Feature, Publish and Read More; the profile
// form (every field, photo and banner) plus the instructor account form (type 3, linked to the
// profile); the update form sends only what was filled in or chosen. Admin only.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { answer, authApi, publicApi } from '@taal/web-shared/api';
import { translateApiError } from '@taal/web-shared/errors';
import { useTranslation } from '@taal/web-shared/i18n';
import { toast } from '@taal/web-shared/toast';
import type { Instructor } from '@taal/web-shared/types';
import { useAdminGet } from '../components/data';
import { PickToEdit } from '../components/PickToEdit';
import { readInstructor, searchInstructors } from '../components/pickers';
import { AdminPage } from '../components/States';
import { Empty, Loading } from '@taal/web-shared/ui';
import { KeysetError, KeysetPager, useKeysetPosition, type KeysetPage } from '../components/keyset';
import { AccountForm, ProfileForm } from './InstructorForms';
import { linkTo } from '@taal/web-shared/routes';

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
        <Link className="btn btn-outline btn-sm" to={linkTo('/updateinstructor', { id: instructor._id })}>
          {t('adminCourses.edit')}
        </Link>
        <a className="btn btn-primary btn-sm" href={linkTo('/instructorview/:id', { id: instructor._id })}>
          {t('adminInstructors.readMore')}
        </a>
      </div>
    </article>
  );
}

/** Instructors a page: four rows of three cards. */
export const ADMIN_INSTRUCTORS_PAGE_SIZE = 12;

/**
 * Every instructor a server page at a time, oldest first (decision 0084), the page in the address; the
 * featured ones (at most 10, as visitors see them) in one list.
 */
export function InstructorList() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const featuredOnly = params.get('featured') === 'true';
  const position = useKeysetPosition();
  const { cursor } = position;
  const list = useAdminGet<KeysetPage<Instructor>>(`instructor/admin/page?featured=${featuredOnly}&cursor=${cursor}`, async () =>
    featuredOnly
      ? { data: { items: (await answer(publicApi.GET('/api/v1/instructor/featured/'))).data, next: null } }
      : answer(authApi.GET('/api/v1/instructor/admin/page', { params: { query: { limit: String(ADMIN_INSTRUCTORS_PAGE_SIZE), ...(cursor ? { cursor } : {}) } } })),
  );
  const shown = list.data?.items;
  const show = (featured: boolean) => setParams(featured ? { featured: 'true' } : {});
  return (
    <AdminPage
      title={t('adminInstructors.listTitle')}
      testId="admin-instructor-list"
      actions={
        <>
          <div className="segmented" role="group">
            <button type="button" className={`btn btn-sm ${!featuredOnly ? 'btn-primary' : 'btn-outline'}`} aria-pressed={!featuredOnly} onClick={() => show(false)}>
              {t('adminInstructors.all')}
            </button>
            <button type="button" className={`btn btn-sm ${featuredOnly ? 'btn-primary' : 'btn-outline'}`} aria-pressed={featuredOnly} onClick={() => show(true)}>
              {t('adminInstructors.featuredOnly')}
            </button>
          </div>
          <Link className="btn btn-primary btn-sm" to={linkTo('/addinstructor')}>
            {t('adminInstructors.addTitle')}
          </Link>
        </>
      }
    >
      {list.error ? (
        <KeysetError error={list.error} position={position} onRetry={list.reload} />
      ) : list.loading && !shown ? (
        <Loading />
      ) : !shown?.length ? (
        <Empty />
      ) : (
        <>
          <div className="admin-course-grid" aria-busy={list.loading}>
            {shown.map((i) => (
              <InstructorCard key={i._id} instructor={i} onChange={(changed) => list.setData((d) => d && { ...d, items: d.items.map((x) => (x._id === changed._id ? changed : x)) })} />
            ))}
          </div>
          <KeysetPager position={position} next={list.data?.next} />
        </>
      )}
    </AdminPage>
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
  return (
    <AdminPage title={t('adminInstructors.updateTitle')} testId="admin-update-instructor">
      <PickToEdit<Instructor> search={searchInstructors} read={readInstructor} pickLabel={t('adminInstructors.pick')} optionLabel={(i) => i.name} pickTestId="update-instructor-pick">
        {(instructor, onSaved) => <ProfileForm key={instructor._id} instructor={instructor} onDone={onSaved} />}
      </PickToEdit>
    </AdminPage>
  );
}
