// The back office's learning screens (back office §2, §6, §7, §9; decision 0015):
// - /updatelesson: choose a (published) course, see its lessons (position, title, status) from
//   GET course/secure-course/{id} (staff see every lesson) and rename one inline with POST
//   course/status/ {id, originalname}: at least 2 characters, else 'Please enter a title for
//   the lesson'; 'lesson name updated successfully' on success. The course is kept in ?id= so
//   a link (or a reload) opens its lessons. Each lesson shows its adaptive-streaming ladder's
//   transcoding job (issue 24: queued, transcoding n %, ready, failed with its attempts); the
//   list is read again every few seconds while a job is queued or running.
// - /subscription-expire-data: the expired subscriptions of GET course-invalidate in the one
//   DataTable, 5 rows a page (order, user id, name, e-mail, phone, course, purchase and expiry).
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { answer, authApi, publicApi } from '@taal/web-shared/api';
import { translateApiError } from '@taal/web-shared/errors';
import { formatDateTime, formatNumber } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import { toast } from '@taal/web-shared/toast';
import type { Course } from '@taal/web-shared/types';
import { useAdminGet } from '../components/data';
import type { Data } from '../components/commerce';
import { AdminPage } from '../components/States';
import { shortDateTime } from './Orders';
import { type Column, DataTable, LoadError, Loading } from '@taal/web-shared/ui';

export const EXPIRY_PAGE_SIZE = 5;
/** Back office §9: a lesson title has at least 2 characters. */
export const LESSON_TITLE_MIN = 2;
/** The longest title the screen sends (the input's maxLength). */
const LESSON_TITLE_MAX = 200;

type SecureCourse = Data<'/api/v1/course/secure-course/{id}', 'get'>;
type Lesson = SecureCourse['lessons'][number];
/** How often the lesson list is read again while a transcoding job is under way. */
const HLS_POLL_MS = 3000;

/** A lesson's transcoding job: its state, the percentage while it runs, attempts after a failure. */
function HlsJob({ job }: { job: Lesson['hls'] }) {
  const { t } = useTranslation();
  if (!job) return <span className="muted" data-testid="lesson-hls" data-state="none">{t('adminLearning.lessons.hls.none')}</span>;
  const label =
    job.state === 'running'
      ? t('adminLearning.lessons.hls.running', { percent: formatNumber(job.percent) })
      : job.state === 'failed'
        ? t('adminLearning.lessons.hls.failed', { count: job.attempts, attempts: formatNumber(job.attempts) })
        : t(`adminLearning.lessons.hls.${job.state}`);
  return (
    <span className={`lesson-hls lesson-hls-${job.state}`} data-testid="lesson-hls" data-state={job.state} data-percent={job.percent}>
      <span className="badge">{label}</span>
      {(job.state === 'running' || job.state === 'queued') && (
        <progress max={100} value={job.percent} aria-label={label} />
      )}
    </span>
  );
}
export type ExpiredRow = Data<'/api/v1/course-invalidate', 'get'>[number];

/** Whether a lesson title may be sent: non-empty and at least 2 characters once trimmed. */
export const validLessonTitle = (title: string) => title.trim().length >= LESSON_TITLE_MIN;

function LessonTitleEditor({
  lesson,
  onSaved,
  onCancel,
}: {
  lesson: Lesson;
  onSaved: (l: Lesson) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(lesson.originalname);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fail = (text: string) => {
    setError(text);
    toast(text, 'error');
  };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const title = draft.trim();
    if (!validLessonTitle(title)) return fail(t('refusals:LESSON_TITLE_REQUIRED'));
    setBusy(true);
    setError(null);
    try {
      const { data } = await answer(
        authApi.POST('/api/v1/course/status/', { body: { id: lesson._id, originalname: title } }),
      );
      toast(t('adminLearning.lessons.updated'), 'success');
      onSaved(data);
    } catch (err) {
      setBusy(false);
      fail(translateApiError(t, err, 'adminLearning.lessons.updateFailed'));
    }
  };
  const inputId = `lesson-title-${lesson._id}`;
  return (
    <form className="lesson-edit" onSubmit={(e) => void save(e)} noValidate data-testid="lesson-edit">
      <label className="sr-only" htmlFor={inputId}>
        {t('adminLearning.lessons.newTitle', { position: lesson.position })}
      </label>
      <input
        id={inputId}
        value={draft}
        maxLength={LESSON_TITLE_MAX}
        autoFocus
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        onChange={(e) => {
          setDraft(e.target.value);
          setError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onCancel();
        }}
        data-testid="lesson-title-input"
      />
      <div className="lesson-edit-buttons">
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy} data-testid="lesson-save">
          {t(busy ? 'adminLearning.lessons.saving' : 'adminLearning.lessons.save')}
        </button>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          disabled={busy}
          onClick={onCancel}
          data-testid="lesson-cancel"
        >
          {t('adminLearning.lessons.cancel')}
        </button>
      </div>
      {error && (
        <p className="lesson-error" id={`${inputId}-error`} role="alert" data-testid="lesson-title-error">
          {error}
        </p>
      )}
    </form>
  );
}

export function UpdateLesson() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const courseId = params.get('id') ?? '';
  const courses = useAdminGet<Course[]>('course/', () => answer(publicApi.GET('/api/v1/course/')));
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

function DateCell({ iso, lng }: { iso: string; lng: string }) {
  const { day, time } = shortDateTime(iso);
  return (
    <time className="date-cell" dateTime={iso} title={formatDateTime(iso, lng)}>
      <span>{day}</span> <span className="muted">{time}</span>
    </time>
  );
}

export function ExpiredSubscriptions() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const list = useAdminGet<ExpiredRow[]>('course-invalidate', () =>
    answer(authApi.GET('/api/v1/course-invalidate')),
  );
  const columns = useMemo<Column<ExpiredRow>[]>(
    () => [
      // Ids: their first 8 characters on screen (the whole id in the tooltip, copy and CSV).
      {
        key: 'orderId',
        header: t('adminLearning.expired.columns.orderId'),
        text: (r) => r.orderId,
        render: (r) => (
          <code className="order-id" title={r.orderId}>
            {r.orderId.slice(0, 8)}
          </code>
        ),
      },
      {
        key: 'userId',
        header: t('adminLearning.expired.columns.userId'),
        text: (r) => r.userId,
        render: (r) => (
          <Link
            to={`/viewuser?id=${encodeURIComponent(r.userId)}`}
            title={r.userId}
            data-testid="expired-user-link"
          >
            <code className="order-id">{r.userId.slice(0, 8)}</code>
          </Link>
        ),
      },
      { key: 'userName', header: t('adminLearning.expired.columns.userName'), text: (r) => r.userName },
      { key: 'userEmail', header: t('adminLearning.expired.columns.userEmail'), text: (r) => r.userEmail },
      {
        key: 'userPhone',
        header: t('adminLearning.expired.columns.userPhone'),
        text: (r) => r.userPhone,
        className: 'nowrap',
      },
      {
        key: 'course',
        header: t('adminLearning.expired.columns.course'),
        text: (r) => r.courseTitle || r.course,
      },
      {
        key: 'purchaseTime',
        header: t('adminLearning.expired.columns.purchaseTime'),
        text: (r) => shortDateTime(r.purchaseTime).text,
        render: (r) => <DateCell iso={r.purchaseTime} lng={lng} />,
      },
      {
        key: 'createdAt',
        header: t('adminLearning.expired.columns.createdAt'),
        text: (r) => shortDateTime(r.createdAt).text,
        render: (r) => <DateCell iso={r.createdAt} lng={lng} />,
      },
    ],
    [t, lng],
  );
  return (
    <AdminPage title={t('adminLearning.expired.title')} testId="admin-expired">
      <p className="muted expired-intro">{t('adminLearning.expired.intro')}</p>
      {list.error ? (
        <LoadError onRetry={list.reload} />
      ) : (
        <DataTable
          title={t('adminLearning.expired.title')}
          columns={columns}
          rows={list.data}
          loading={list.loading}
          pageSize={EXPIRY_PAGE_SIZE}
          rowKey={(r) => `${r.orderId}-${r.userId}-${r.course}`}
          fileName="expired-subscriptions.csv"
          testId="expired-table"
        />
      )}
    </AdminPage>
  );
}
