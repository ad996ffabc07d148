// /upcoming and /adminupcomingcourselist (back office §2, §7, §8): a create form (course name and
// picture: 'Upcoming Course Added!!') and a list with Delete, asked first in the back office's one
// confirmation dialog ('Course Deleted!!'). Admin and content.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { answer, authApi, clearApiCache, publicApi } from '@taal/web-shared/api';
import { translateApiError } from '@taal/web-shared/errors';
import { formatNumber } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import { toast } from '@taal/web-shared/toast';
import type { UpcomingCourse } from '@taal/web-shared/types';
import { useAdminGet } from '../components/data';
import { useConfirm } from '../components/Modal';
import { AdminPage } from '../components/States';
import { progressProps, uploadWithProgress } from '../components/upload';
import { AsyncView, Empty } from '@taal/web-shared/ui';

export function AddUpcoming() {
  const { t } = useTranslation();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState(0);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const el = e.currentTarget;
    const form = new FormData(el);
    const photo = form.get('photo');
    if (!String(form.get('name') ?? '').trim() || !(photo instanceof File) || photo.size === 0) {
      setError(t('refusals:FIELDS_NOT_FILLED'));
      return;
    }
    setError('');
    setBusy(true);
    try {
      await uploadWithProgress<UpcomingCourse>('/api/v1/user/upcoming/', form, setProgress);
      clearApiCache();
      toast(t('adminCourses.msg.upcomingAdded'), 'success');
      el.reset();
    } catch (err) {
      setError(translateApiError(t, err, 'adminCourses.msg.failed'));
    } finally {
      setBusy(false);
      setProgress(0);
    }
  };
  return (
    <AdminPage
      title={t('adminUpcoming.addTitle')}
      testId="admin-add-upcoming"
      actions={
        <Link className="btn btn-outline btn-sm" to="/adminupcomingcourselist">
          {t('adminUpcoming.listTitle')}
        </Link>
      }
    >
      <form className="admin-form" onSubmit={(e) => void submit(e)} data-testid="upcoming-form" noValidate>
        {error && (
          <div className="alert-error admin-alert" role="alert">
            {error}
          </div>
        )}
        <label className="form-field">
          <span>{t('adminUpcoming.name')}</span>
          <input name="name" data-testid="upcoming-name" />
        </label>
        <label className="form-field">
          <span>{t('adminUpcoming.photo')}</span>
          <input type="file" name="photo" accept="image/jpeg,image/png,image/gif,image/webp" data-testid="upcoming-photo" />
        </label>
        <div className="upload-progress">
          <div className="upload-bar" {...progressProps(progress)} aria-label={t('adminCourses.progress')}>
            <span style={{ width: `${progress}%` }} />
          </div>
          <span className="upload-percent">{formatNumber(progress)}%</span>
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid="upcoming-submit">
          {t('adminUpcoming.add')}
        </button>
      </form>
    </AdminPage>
  );
}

export function UpcomingList() {
  const { t } = useTranslation();
  const list = useAdminGet<UpcomingCourse[]>('admin-upcoming', () => answer(publicApi.GET('/api/v1/course/upcoming')));
  const confirm = useConfirm();
  const remove = async (course: UpcomingCourse) => {
    if (!(await confirm.ask(t('adminUpcoming.confirmDelete', { name: course.name })))) return;
    try {
      await answer(authApi.POST('/api/v1/course/upcomingdelete/', { body: { id: course._id } }));
      clearApiCache();
      toast(t('adminCourses.msg.upcomingDeleted'), 'success');
      list.setData((d) => d?.filter((c) => c._id !== course._id));
    } catch {
      toast(t('adminCourses.msg.failed'), 'error');
    }
  };
  return (
    <AdminPage
      title={t('adminUpcoming.listTitle')}
      testId="admin-upcoming-list"
      actions={
        <Link className="btn btn-primary btn-sm" to="/upcoming">
          {t('adminUpcoming.addTitle')}
        </Link>
      }
    >
      <AsyncView state={list} empty={<Empty />}>
        {(data) => (
          <div className="admin-course-grid">
            {data.map((c) => (
              <article key={c._id} className="card admin-course-card" data-testid="admin-upcoming">
                <div className="admin-course-thumb">{c.photo ? <img src={c.photo} alt="" loading="lazy" /> : <span aria-hidden="true">🎹</span>}</div>
                <div className="admin-course-body">
                  <h3>{c.name}</h3>
                </div>
                <div className="user-card-actions">
                  <button type="button" className="btn btn-danger btn-sm" onClick={() => void remove(c)} data-testid="upcoming-delete">
                    {t('adminFreebies.delete')}
                  </button>
                </div>
              </article>
            ))}
          </div>
        )}
      </AsyncView>
      {confirm.dialog}
    </AdminPage>
  );
}
