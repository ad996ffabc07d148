// Parts of /updatelesson: a lesson's streaming job (its HLS ladder's state, polled while it runs) and
// the editor of a lesson's title.
import { useState, type FormEvent } from 'react';
import { answer, authApi } from '@taal/web-shared/api';
import { translateApiError } from '@taal/web-shared/errors';
import { formatNumber } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import { toast } from '@taal/web-shared/toast';
import type { Data } from '../components/commerce';
export const EXPIRY_PAGE_SIZE = 5;
/** Back office §9: a lesson title has at least 2 characters. */
export const LESSON_TITLE_MIN = 2;
/** The longest title the screen sends (the input's maxLength). */
export const LESSON_TITLE_MAX = 200;

export type SecureCourse = Data<'/api/v1/course/secure-course/{id}', 'get'>;
export type Lesson = SecureCourse['lessons'][number];
/** How often the lesson list is read again while a transcoding job is under way. */
export const HLS_POLL_MS = 3000;

/** A lesson's transcoding job: its state, the percentage while it runs, attempts after a failure. */
export function HlsJob({ job }: { job: Lesson['hls'] }) {
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

export function LessonTitleEditor({
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
