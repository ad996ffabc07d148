// /upcoming and /adminupcomingcourselist (back office §2, §7, §8): a create form (course name and
// picture: 'Upcoming Course Added!!') and a list with Delete, asked first in the back office's one
// confirmation dialog ('Course Deleted!!'). Admin and content.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { answer, authApi, clearApiCache, publicApi } from '@taal/web-shared/api';
import { useTranslation } from '@taal/web-shared/i18n';
import { toast } from '@taal/web-shared/toast';
import type { UpcomingCourse } from '@taal/web-shared/types';
import { useAdminGet } from '../components/data';
import { useConfirm } from '../components/Modal';
import { AdminPage } from '../components/States';
import { uploadWithProgress } from '../components/upload';
import { UploadProgress } from '../components/UploadProgress';
import { AsyncView, Empty, useSubmit } from '@taal/web-shared/ui';
import { linkTo } from '@taal/web-shared/routes';

export function AddUpcoming() {
  const { t } = useTranslation();
  const { busy, refusal, submit, refuse } = useSubmit();
  const [progress, setProgress] = useState(0);
  const save = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const el = e.currentTarget;
    const form = new FormData(el);
    const photo = form.get('photo');
    if (!String(form.get('name') ?? '').trim() || !(photo instanceof File) || photo.size === 0) {
      refuse(t('refusals:FIELDS_NOT_FILLED'));
      return;
    }
    const added = await submit(() => uploadWithProgress<UpcomingCourse>('/api/v1/user/upcoming/', form, setProgress), {
      done: t('adminCourses.msg.upcomingAdded'),
      failedKey: 'adminCourses.msg.failed',
    });
    setProgress(0);
    if (!added) return;
    clearApiCache();
    el.reset();
  };
  const error = refusal?.text ?? '';
  return (
    <AdminPage
      title={t('adminUpcoming.addTitle')}
      testId="admin-add-upcoming"
      actions={
        <Link className="btn btn-outline btn-sm" to={linkTo('/adminupcomingcourselist')}>
          {t('adminUpcoming.listTitle')}
        </Link>
      }
    >
      <form className="admin-form" onSubmit={(e) => void save(e)} data-testid="upcoming-form" noValidate>
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
        <UploadProgress progress={progress} />
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
        <Link className="btn btn-primary btn-sm" to={linkTo('/upcoming')}>
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
