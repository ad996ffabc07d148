// Questions under a lesson (issue 41, decision 0050), shown under the player: the lesson's
// threads for everyone enrolled (and the course's instructor), a form to ask for a student whose
// access is active, Follow/Unfollow on each thread. A lazy chunk: the course page's first paint
// does not carry it. The server decides who may read and ask; a refusal hides the section.
import './lesson-questions.css';
import { useState, type FormEvent } from 'react';
import { answer, ApiError, authApi, type ApiPaths } from '@taal/web-shared/api';
import { formatDateTime, formatNumber } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import { LoadError, ReportButton, useSubmit } from '@taal/web-shared/ui';
import { useAsync } from '@taal/web-shared/useAsync';

type ListAnswer = ApiPaths['/api/v1/questions/course/{courseId}/lesson/{lessonId}']['get']['responses'][200]['content']['application/json'];
export type LessonQuestion = ListAnswer['data'][number];

const ROLE_KEY: Record<number, string> = { 1: 'questions.admin', 3: 'questions.instructor' };

function Thread({ q, onChange }: { q: LessonQuestion; onChange: (q: LessonQuestion) => void }) {
  const { t, i18n } = useTranslation();
  const { busy, submit } = useSubmit();
  const toggle = async () => {
    const followed = await submit(() => answer(authApi.PUT('/api/v1/questions/{id}/follow', { params: { path: { id: q._id } }, body: { follow: !q.following } })), {
      failedKey: 'questions.failed',
    });
    if (followed) onChange(followed.answer.data);
  };
  return (
    <li className="card question-thread" data-testid="question-thread" data-answered={q.answered ? 'true' : 'false'}>
      <div className="question-head">
        <strong>{t('questions.asked', { name: q.askerName || t('questions.aStudent') })}</strong>
        <time className="muted" dateTime={q.createdAt}>
          {formatDateTime(q.createdAt, i18n.resolvedLanguage)}
        </time>
      </div>
      <p className="question-body" data-testid="question-body">
        {q.body}
      </p>
      {q.answers.length > 0 ? (
        <ul className="question-answers" aria-label={t('questions.answers', { count: q.answers.length, n: formatNumber(q.answers.length) })}>
          {q.answers.map((a) => (
            <li key={a._id} className="question-answer" data-testid="question-answer">
              <span className="question-author">
                {a.authorName} <span className="badge">{t(ROLE_KEY[a.authorRole] ?? 'questions.instructor')}</span>
              </span>
              <p>{a.body}</p>
              <ReportButton kind="answer" itemId={a._id} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted question-waiting">{t('questions.waiting')}</p>
      )}
      <div className="question-foot">
        <span className="muted">{t('questions.followers', { count: q.followers, n: formatNumber(q.followers) })}</span>
        <button type="button" className="btn btn-sm" aria-pressed={q.following} disabled={busy} onClick={() => void toggle()} data-testid="question-follow">
          {t(q.following ? 'questions.unfollow' : 'questions.follow')}
        </button>
        <ReportButton kind="question" itemId={q._id} writerId={q.askedBy} />
      </div>
    </li>
  );
}

/** `access`: the caller's enrolment (active: may ask; ended: reads only); staff and the course's instructor read ('none'). */
export default function LessonQuestions({ courseId, lessonId, access }: { courseId: string; lessonId: string; access: 'active' | 'ended' | 'none' }) {
  const { t } = useTranslation();
  const path = { params: { path: { courseId, lessonId } } };
  const list = useAsync(async () => (await answer(authApi.GET('/api/v1/questions/course/{courseId}/lesson/{lessonId}', path))).data, [courseId, lessonId]);
  const [text, setText] = useState('');
  const { busy, submit, refuse } = useSubmit();
  const [added, setAdded] = useState<Record<string, LessonQuestion>>({});

  // Refused (not enrolled, not signed in): nothing to show here.
  if (list.error instanceof ApiError && [401, 403, 404].includes(list.error.status)) return null;
  const threads = (list.data ?? []).map((q) => added[q._id] ?? q);

  const ask = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) {
      refuse(t('refusals:QUESTION_REQUIRED'));
      return;
    }
    const posted = await submit(() => answer(authApi.POST('/api/v1/questions/course/{courseId}/lesson/{lessonId}', { ...path, body: { body: text.trim() } })), {
      done: t('questions.posted'),
      failedKey: 'questions.failed',
    });
    if (!posted) return;
    setText('');
    list.reload();
  };

  return (
    <section className="lesson-questions" id="questions" data-testid="lesson-questions" aria-labelledby="lesson-questions-title">
      <h3 id="lesson-questions-title">{t('questions.title')}</h3>
      {access === 'ended' && <p className="muted">{t('questions.accessEnded')}</p>}
      {access === 'active' ? (
        <form className="question-form" onSubmit={(e) => void ask(e)} data-testid="question-form">
          <p className="muted">{t('questions.intro')}</p>
          <label htmlFor="question-text">{t('questions.ask')}</label>
          <textarea id="question-text" rows={3} maxLength={2000} value={text} onChange={(e) => setText(e.target.value)} placeholder={t('questions.askPlaceholder')} />
          <button className="btn btn-primary btn-sm" disabled={busy} data-testid="question-post">
            {t('questions.post')}
          </button>
        </form>
      ) : null}
      {list.loading && !list.data ? (
        <span className="spinner inline" role="status" aria-label={t('common.loading')} />
      ) : list.error ? (
        <LoadError message={t('questions.loadFailed')} onRetry={list.reload} />
      ) : threads.length === 0 ? (
        <p className="muted" data-testid="questions-empty">
          {t('questions.none')}
        </p>
      ) : (
        <ol className="question-list" data-testid="question-list">
          {threads.map((q) => (
            <Thread key={q._id} q={q} onChange={(next) => setAdded((all) => ({ ...all, [next._id]: next }))} />
          ))}
        </ol>
      )}
    </section>
  );
}
