// The back office's learning screens (back office §2, §6, §7, §9; decision 0015):
// - /updatelesson: choose a (published) course, see its lessons (position, title, status) from
//   GET course/secure-course/{id} (staff see every lesson) and rename one inline with POST
//   course/status/ {id, originalname}: at least 2 characters, else 'Please enter a title for
//   the lesson'; 'lesson name updated successfully' on success. The course is kept in ?id= so
//   a link (or a reload) opens its lessons. Each lesson shows its adaptive-streaming ladder's
//   transcoding job (issue 24: queued, transcoding n %, ready, failed with its attempts); the
//   list is read again every few seconds while a job is queued or running.
// - /subscription-expire-data: ExpiredSubscriptions.tsx. The job and title editor: LessonEditors.tsx.
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { answer, authApi, publicApi } from '@taal/web-shared/api';
import { formatNumber } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import type { Course } from '@taal/web-shared/types';
import { useAdminGet } from '../components/data';
import { AdminPage } from '../components/States';
import { type Column, DataTable, LoadError, Loading } from '@taal/web-shared/ui';
import { HLS_POLL_MS, HlsJob, LessonTitleEditor, type SecureCourse, type Lesson } from './LessonEditors';

export function UpdateLesson() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const courseId = params.get('id') ?? '';
  // The newest 100 published courses, one page of GET course/page (course/ holds only 25 since decision 0089).
  const courses = useAdminGet<Course[]>('course/page?limit=100', async () => {
    const a = await answer(publicApi.GET('/api/v1/course/page', { params: { query: { limit: '100' } } }));
    return { ...a, data: a.data.items };
  });
  const lessons = useAdminGet<SecureCourse>(courseId ? `course/secure-course/${courseId}` : null, () =>
    answer(authApi.GET('/api/v1/course/secure-course/{id}', { params: { path: { id: courseId } } })),
  );
  const [editing, setEditing] = useState<string | null>(null);
  // While a ladder is being made, its progress is read again (quietly, into the same table).
  const busy = lessons.data?.lessons.some((l) => l.hls && (l.hls.state === 'queued' || l.hls.state === 'running')) ?? false;
  useEffect(() => {
    if (!busy || !courseId) return;
    let live = true;
    const id = window.setInterval(() => {
      answer(authApi.GET('/api/v1/course/secure-course/{id}', { params: { path: { id: courseId } } })).then(
        ({ data }) =>
          live &&
          lessons.setData(
            (d) =>
              d && {
                ...d,
                lessons: d.lessons.map((l) => ({ ...l, hls: data.lessons.find((n) => n._id === l._id)?.hls ?? l.hls })),
              },
          ),
        () => undefined, // the next round tries again
      );
    }, HLS_POLL_MS);
    return () => {
      live = false;
      window.clearInterval(id);
    };
  }, [busy, courseId]);
  const rows = useMemo(
    () => (lessons.data ? [...lessons.data.lessons].sort((a, b) => a.position - b.position) : undefined),
    [lessons.data],
  );
  const sorted = useMemo(
    () => [...(courses.data ?? [])].sort((a, b) => a.title.localeCompare(b.title)),
    [courses.data],
  );

  const saved = (lesson: Lesson) => {
    setEditing(null);
    lessons.setData(
      (d) =>
        d && {
          ...d,
          lessons: d.lessons.map((l) =>
            l._id === lesson._id ? { ...l, originalname: lesson.originalname } : l,
          ),
        },
    );
  };

  const columns = useMemo<Column<Lesson>[]>(
    () => [
      {
        key: 'position',
        header: t('adminLearning.lessons.position'),
        text: (l) => formatNumber(l.position),
        className: 'num lesson-pos',
      },
      {
        key: 'title',
        header: t('adminLearning.lessons.lessonTitle'),
        text: (l) => l.originalname,
        render: (l) =>
          editing === l._id ? (
            <LessonTitleEditor lesson={l} onSaved={saved} onCancel={() => setEditing(null)} />
          ) : (
            <span data-testid="lesson-title">{l.originalname}</span>
          ),
      },
      {
        key: 'status',
        header: t('adminLearning.lessons.status'),
        text: (l) => t(`adminLearning.lessons.statuses.${l.status}`),
        render: (l) => (
          <span className={`badge lesson-status-${l.status}`}>
            {t(`adminLearning.lessons.statuses.${l.status}`)}
          </span>
        ),
        className: 'nowrap',
      },
      {
        key: 'hls',
        header: t('adminLearning.lessons.hls.header'),
        text: (l) => l.hls?.state ?? '',
        render: (l) => <HlsJob job={l.hls} />,
        className: 'nowrap',
      },
      {
        key: 'actions',
        header: t('adminLearning.lessons.actions'),
        text: () => '',
        render: (l) =>
          editing === l._id ? null : (
            <button
              type="button"
              className="btn btn-outline btn-sm"
              onClick={() => setEditing(l._id)}
              data-testid="lesson-edit-button"
            >
              {t('adminLearning.lessons.edit')}
            </button>
          ),
        className: 'nowrap',
      },
    ],
    // `saved` only touches state setters.
    [t, editing],
  );

  return (
    <AdminPage title={t('adminLearning.lessons.title')} testId="admin-update-lesson">
      <div className="card lesson-picker">
        <label>
          <span>{t('adminLearning.lessons.course')}</span>
          <select
            value={courseId}
            disabled={!courses.data}
            onChange={(e) => {
              setEditing(null);
              setParams(e.target.value ? { id: e.target.value } : {});
            }}
            data-testid="lesson-course"
          >
            <option value="">{t('adminLearning.lessons.chooseCourse')}</option>
            {courseId && courses.data && !sorted.some((c) => c._id === courseId) && (
              <option value={courseId}>{courseId}</option>
            )}
            {sorted.map((c) => (
              <option key={c._id} value={c._id}>
                {c.title}
              </option>
            ))}
          </select>
        </label>
        {rows && (
          <span className="muted" data-testid="lesson-count">
            {t('adminLearning.lessons.count', { count: rows.length })}
          </span>
        )}
      </div>
      {courses.error && <LoadError onRetry={courses.reload} />}
      {!courseId ? (
        <p className="admin-empty" data-testid="lesson-pick-first">
          {t('adminLearning.lessons.pickFirst')}
        </p>
      ) : lessons.error ? (
        <LoadError onRetry={lessons.reload} />
      ) : lessons.loading && !rows ? (
        <Loading />
      ) : rows && !rows.length ? (
        <p className="admin-empty" data-testid="lesson-none">
          {t('adminLearning.lessons.noLessons')}
        </p>
      ) : (
        <div className="lesson-table">
          <DataTable
            title={t('adminLearning.lessons.title')}
            columns={columns}
            rows={rows}
            loading={lessons.loading}
            pageSize={50}
            rowKey={(l) => l._id}
            fileName="lessons.csv"
            exports={false}
            search={false}
            testId="lesson-table"
          />
        </div>
      )}
    </AdminPage>
  );
}
