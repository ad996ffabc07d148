// /admincourselist, /addcourse and /updatecourse (back office §2, §4, §5, §7, §8; issue 10): the
// course list (all / featured) with Feature, Publish and View Details; the add form (every field,
// tiers, thumbnail, banner, PDFs and lesson videos) and the update form (every field optional, new
// files added) with an upload progress bar 0–100; the free-lesson form. Publishing and featuring
// are the admin's: the content role sees neither button (and the server refuses it, 403).
// The form itself: CourseForm.tsx.
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { UserRoles } from '@taal/contracts/web';
import { answer, authApi } from '@taal/web-shared/api';
import { useVerifiedSession } from '@taal/web-shared/auth';
import { translateApiError } from '@taal/web-shared/errors';
import { useTranslation } from '@taal/web-shared/i18n';
import { toast } from '@taal/web-shared/toast';
import type { Course } from '@taal/web-shared/types';
import { useAdminGet } from '../components/data';
import { Field } from '../components/Field';
import { PickToEdit } from '../components/PickToEdit';
import { readCourse, searchCourses } from '../components/pickers';
import { AdminPage } from '../components/States';
import { Empty, Loading } from '@taal/web-shared/ui';
import { KeysetError, KeysetPager, useKeysetPosition, type KeysetPage } from '../components/keyset';
import { categoryKey, CourseForm } from './CourseForm';
import { linkTo } from '@taal/web-shared/routes';


const useIsAdmin = () => {
  const session = useVerifiedSession();
  return (session.state === 'done' ? session.user?.type : undefined) === UserRoles.admin;
};

function CourseCard({ course, admin, onChange }: { course: Course; admin: boolean; onChange: (c: Course) => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<{ data: Course | Course[] }>, done: string, failed = 'adminCourses.msg.failed') => {
    setBusy(true);
    try {
      const { data } = await work();
      const changed = Array.isArray(data) ? data.find((c) => c._id === course._id) : data;
      if (changed) onChange(changed);
      toast(t(done), 'success');
    } catch (err) {
      toast(translateApiError(t, err, failed), 'error');
    } finally {
      setBusy(false);
    }
  };
  const togglePublished = () =>
    run(
      () => answer(authApi.GET(course.published ? '/api/v1/course/unpublished/{id}' : '/api/v1/course/published/{id}', { params: { path: { id: course._id } } })),
      course.published ? 'adminCourses.msg.courseUnpublished' : 'adminCourses.msg.coursePublished',
      // The spec's words for a failed (un)publish, whatever the cause.
      course.published ? 'refusals:COURSE_UNPUBLISH_REJECTED' : 'refusals:COURSE_PUBLISH_REJECTED',
    );
  const toggleFeatured = () =>
    run(
      () => answer(authApi.POST('/api/v1/course/featured/add/', { body: course.featured ? { featured: [], unFeatured: [course._id] } : { featured: [course._id], unFeatured: [] } })),
      course.featured ? 'adminCourses.msg.courseUnfeatured' : 'adminCourses.msg.courseFeatured',
    );
  return (
    <article className="card admin-course-card" data-testid="admin-course" data-id={course._id} data-title={course.title}>
      <div className="admin-course-thumb">{course.thumbnail ? <img src={course.thumbnail} alt="" loading="lazy" /> : <span aria-hidden="true">🎸</span>}</div>
      <div className="admin-course-body">
        <h2>{course.title}</h2>
        <p className="pills">
          <span className="pill">{t(categoryKey(course.catagory))}</span>
          <span className={`pill ${course.published ? 'pill-ok' : 'pill-muted'}`} data-testid="course-state">
            {course.published ? t('adminCourses.published') : t('adminCourses.draft')}
          </span>
          {course.featured && <span className="pill pill-ok">{t('adminCourses.featured')}</span>}
        </p>
      </div>
      <div className="user-card-actions">
        {admin && (
          <>
            <button type="button" className="btn btn-outline btn-sm" disabled={busy} onClick={() => void toggleFeatured()} data-testid="course-feature">
              {course.featured ? t('adminCourses.unfeature') : t('adminCourses.feature')}
            </button>
            <button type="button" className="btn btn-outline btn-sm" disabled={busy} onClick={() => void togglePublished()} data-testid="course-publish">
              {course.published ? t('adminCourses.unpublish') : t('adminCourses.publish')}
            </button>
          </>
        )}
        <Link className="btn btn-outline btn-sm" to={linkTo('/updatecourse', { id: course._id })} data-testid="course-edit">
          {t('adminCourses.edit')}
        </Link>
        <Link className="btn btn-outline btn-sm" to={linkTo('/admin/course/exam/:id', { id: course._id })} data-testid="course-exam">
          {t('exam.editor.title')}
        </Link>
        <a className="btn btn-primary btn-sm" href={linkTo('/courseview', { id: course._id })} data-testid="course-view">
          {t('adminCourses.viewDetails')}
        </a>
      </div>
    </article>
  );
}

/** Courses a page: four rows of three cards. */
export const ADMIN_COURSES_PAGE_SIZE = 12;

/** Every course (or the featured ones) a server page at a time, newest first (decision 0084); the page in the address. */
export function CourseList() {
  const { t } = useTranslation();
  const admin = useIsAdmin();
  const [params, setParams] = useSearchParams();
  const featuredOnly = params.get('featured') === 'true';
  const position = useKeysetPosition();
  const { cursor } = position;
  const list = useAdminGet<KeysetPage<Course>>(`course/admin/page?featured=${featuredOnly}&cursor=${cursor}`, () =>
    answer(
      authApi.GET('/api/v1/course/admin/page', {
        params: { query: { limit: String(ADMIN_COURSES_PAGE_SIZE), ...(featuredOnly ? { featured: 'true' as const } : {}), ...(cursor ? { cursor } : {}) } },
      }),
    ),
  );
  const shown = list.data?.items;
  const show = (featured: boolean) => setParams(featured ? { featured: 'true' } : {});
  return (
    <AdminPage
      title={t('adminCourses.listTitle')}
      testId="admin-course-list"
      actions={
        <>
          <div className="segmented" role="group" aria-label={t('adminCourses.listTitle')}>
            <button type="button" className={`btn btn-sm ${!featuredOnly ? 'btn-primary' : 'btn-outline'}`} aria-pressed={!featuredOnly} onClick={() => show(false)} data-testid="courses-all">
              {t('adminCourses.all')}
            </button>
            <button type="button" className={`btn btn-sm ${featuredOnly ? 'btn-primary' : 'btn-outline'}`} aria-pressed={featuredOnly} onClick={() => show(true)} data-testid="courses-featured">
              {t('adminCourses.featuredOnly')}
            </button>
          </div>
          <Link className="btn btn-primary btn-sm" to={linkTo('/addcourse')}>
            {t('adminCourses.addTitle')}
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
            {shown.map((c) => (
              <CourseCard key={c._id} course={c} admin={admin} onChange={(changed) => list.setData((d) => d && { ...d, items: d.items.map((x) => (x._id === changed._id ? changed : x)) })} />
            ))}
          </div>
          <KeysetPager position={position} next={list.data?.next} />
        </>
      )}
    </AdminPage>
  );
}

export function AddCourse() {
  const { t } = useTranslation();
  const [last, setLast] = useState<Course | null>(null);
  return (
    <AdminPage title={t('adminCourses.addTitle')} testId="admin-add-course">
      {last && (
        <p className="alert-success" role="status" data-testid="course-added">
          {t('adminCourses.msg.courseAdded')} <Link to={linkTo('/updatecourse', { id: last._id })}>{last.title}</Link>
        </p>
      )}
      <CourseForm mode="add" onDone={setLast} />
    </AdminPage>
  );
}

function FreeLessonForm({ course, onSaved }: { course: Course; onSaved: (c: Course) => void }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const [path, setPath] = useState('');
  const [error, setError] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim() || !path.trim()) {
      setError(t('refusals:FREE_LESSON_MISSING'));
      return;
    }
    setError('');
    try {
      const { data } = await answer(authApi.POST('/api/v1/course/addfreevideos/{id}', { params: { path: { id: course._id } }, body: { title, path } }));
      toast(t('adminCourses.msg.freeLessonAdded'), 'success');
      setTitle('');
      setPath('');
      onSaved(data);
    } catch (err) {
      setError(translateApiError(t, err, 'adminCourses.msg.somethingWrong'));
    }
  };
  return (
    <form className="admin-form free-lesson-form" onSubmit={(e) => void submit(e)} data-testid="free-lesson-form" noValidate>
      <h2>{t('adminCourses.freeLessons')}</h2>
      {course.freeLessons.length > 0 && (
        <ul>
          {course.freeLessons.map((l) => (
            <li key={l.youtube}>
              {l.title} — <a href={l.youtube}>{l.youtube}</a>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <div className="alert-error admin-alert" role="alert">
          {error}
        </div>
      )}
      <div className="form-grid">
        <Field label={t('adminCourses.f.freeTitle')}>
          <input value={title} onChange={(e) => setTitle(e.target.value)} />
        </Field>
        <Field label={t('adminCourses.f.youtube')}>
          <input value={path} onChange={(e) => setPath(e.target.value)} placeholder="https://www.youtube.com/watch?v=…" />
        </Field>
      </div>
      <button type="submit" className="btn btn-outline">
        {t('adminCourses.addFreeLesson')}
      </button>
    </form>
  );
}

export function UpdateCourse() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('adminCourses.updateTitle')} testId="admin-update-course">
      <PickToEdit<Course> search={searchCourses} read={readCourse} pickLabel={t('adminCourses.pickCourse')} optionLabel={(c) => c.title} pickTestId="update-course-pick" placeholder={t('picker.typeTitle')} noneText={t('picker.noTitle')}>
        {(course, onSaved) => (
          <>
            <CourseForm key={course._id} mode="update" course={course} onDone={onSaved} />
            <FreeLessonForm course={course} onSaved={onSaved} />
          </>
        )}
      </PickToEdit>
    </AdminPage>
  );
}
