import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from '@taal/web-shared/i18n';
import { answer, authApi, multipart, type ApiPaths } from '@taal/web-shared/api';
import { hasReason, translateApiError } from '@taal/web-shared/errors';
import { formatDate, formatNumber } from '@taal/web-shared/format';
import { toast } from '@taal/web-shared/toast';
import './exam.css';

type StudentPractical = ApiPaths['/api/v1/classroom/{courseId}/practical']['get']['responses'][200]['content']['application/json']['data'];
type Submission = StudentPractical['submissions'][number];

// The recorder (MediaRecorder, Web Audio) loads once the student may submit.
const PerformanceRecorder = lazy(() => import('./PerformanceRecorder'));

/** A submission's performance, played through its signed URL. */
function Performance({ s }: { s: Submission }) {
  return s.mediaKind === 'video' ? (
    <video controls preload="metadata" src={s.mediaUrl} className="practical-video" data-testid="practical-media" />
  ) : (
    <audio controls preload="metadata" src={s.mediaUrl} data-testid="practical-media" />
  );
}

/**
 * The course's practical exam in the classroom (issue 53 item 2, decision 0079), beside the theory
 * exam: the instructor's brief; once every lesson is complete, a recording made here (count-in,
 * level meter) or an audio or video file, sent to be graded; the submissions with their grade and
 * the instructor's comment. After a fail the student submits again; a pass is final.
 */
export default function PracticalExam({ courseId, lessonsDone = 0 }: { courseId: string; lessonsDone?: number }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? 'en';
  const [practical, setPractical] = useState<StudentPractical | null>(null);
  const [take, setTake] = useState<{ blob: Blob; seconds: number } | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    answer(authApi.GET('/api/v1/classroom/{courseId}/practical', { params: { path: { courseId } } }))
      .then(({ data }) => live && setPractical(data))
      .catch((err: unknown) => {
        if (!live) return;
        // No practical (or no active access): nothing to show.
        if (hasReason(err, 'PRACTICAL_NOT_FOUND', 'EXAM_ENROLLED_ONLY')) setPractical(null);
        else toast(translateApiError(t, err, 'practical.loadFailed'), 'error');
      });
    return () => {
      live = false;
    };
  }, [courseId, lessonsDone, round, t]);

  if (!practical) return null;
  const { brief } = practical;
  const first = lng === 'bn' ? brief.briefBn || brief.briefEn : brief.briefEn || brief.briefBn;
  const second = lng === 'bn' ? brief.briefEn : brief.briefBn;
  const latest = practical.submissions[practical.submissions.length - 1];

  const submit = async () => {
    const media = file ?? (take ? new File([take.blob], `performance.${take.blob.type.includes('mp4') ? 'm4a' : 'webm'}`, { type: take.blob.type }) : null);
    if (!media) return toast(t('practical.nothing'), 'error');
    setBusy(true);
    try {
      await answer(authApi.POST('/api/v1/classroom/{courseId}/practical/submissions', { params: { path: { courseId } }, ...multipart({ media }) }));
      toast(t('practical.submitted'), 'success');
      setTake(null);
      setFile(null);
      setRound((r) => r + 1);
    } catch (err) {
      toast(translateApiError(t, err, 'practical.submitFailed'), 'error');
    } finally {
      setBusy(false);
    }
  };

  const state = practical.passed ? 'passed' : latest?.status === 'waiting' ? 'waiting' : practical.canSubmit ? 'open' : 'closed';
  return (
    <section id="practical" className="section card exam practical" data-testid="practical-exam" data-state={state}>
      <h2>{t('practical.title')}</h2>
      <h3 className="practical-brief-title">{t('practical.brief')}</h3>
      <div className="practical-brief" data-testid="practical-brief">
        <p lang={first === brief.briefBn ? 'bn' : 'en'}>{first}</p>
        {second && second !== first && (
          <p className="muted" lang={lng === 'bn' ? 'en' : 'bn'}>
            {second}
          </p>
        )}
      </div>
      {practical.passed ? (
        <p className="exam-result is-passed" data-testid="practical-passed">
          {t('practical.passedText')}
        </p>
      ) : !practical.lessonsComplete ? (
        <p className="muted" data-testid="practical-lessons-first">
          {t('practical.lessonsFirst')}
        </p>
      ) : latest?.status === 'waiting' ? (
        <p className="muted" data-testid="practical-waiting">
          {t('practical.waiting')}
        </p>
      ) : (
        <div className="practical-submit" data-testid="practical-form">
          {latest?.status === 'failed' && <p className="exam-result is-failed">{t('practical.failedText')}</p>}
          <Suspense fallback={null}>
            <PerformanceRecorder key={round} onRecorded={setTake} />
          </Suspense>
          {take && (
            <p data-testid="practical-take">
              {t('practical.recorded', { seconds: formatNumber(take.seconds) })}
            </p>
          )}
          <label className="practical-file">
            {t('practical.upload')}{' '}
            <input type="file" accept="audio/*,video/*" onChange={(e) => setFile(e.target.files?.[0] ?? null)} data-testid="practical-file" key={round} />
          </label>
          <button type="button" className="btn btn-primary" disabled={busy || (!take && !file)} onClick={() => void submit()} data-testid="practical-submit">
            {t('practical.submit')}
          </button>
        </div>
      )}
      {practical.submissions.length > 0 && (
        <ol className="practical-history" data-testid="practical-history">
          {[...practical.submissions].reverse().map((s) => (
            <li key={s.id} data-testid="practical-submission" data-status={s.status}>
              <p>
                <span className={`pill ${s.status === 'passed' ? 'pill-ok' : ''}`}>{t(`practical.status_${s.status}`)}</span>{' '}
                <span className="muted">{t('practical.history', { number: formatNumber(s.number), date: formatDate(s.submittedAt, lng) })}</span>
              </p>
              <Performance s={s} />
              {s.comment && (
                <blockquote className="practical-comment" data-testid="practical-comment">
                  <strong>{t('practical.comment')}:</strong> {s.comment}
                </blockquote>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
