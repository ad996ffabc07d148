// Instructor tab Exams (issue 53, decision 0072): the theory exam of one of the instructor's
// courses: its language (en, bn or both), pass mark and attempts, and its questions (single or
// multiple choice, a picture or an audio clip, the right options marked). Saved whole; the server
// checks it and says which question is not complete. A lazy tab: a student's panel never loads it.
import { useEffect, useState, type FormEvent } from 'react';
import { answer, api, authApi } from '@taal/web-shared/api';
import { translateApiError } from '@taal/web-shared/errors';
import { useTranslation } from '@taal/web-shared/i18n';
import type { SessionUser } from '@taal/web-shared/session';
import { toast } from '@taal/web-shared/toast';
import { useAsync } from '@taal/web-shared/useAsync';
import { AsyncView, Empty, Loading } from '@taal/web-shared/ui';
import { NumberInput } from '@taal/web-shared/number-input';
import { newQuestion, QuestionFields, type Draft, type Language } from './exam-question';
import './exam-editor.css';

const blank = (): Draft => ({ language: 'both', passPercent: 60, maxAttempts: 3, questions: [newQuestion()] });

function Editor({ courseId }: { courseId: string }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    setDraft(null);
    answer(authApi.GET('/api/v1/courses/{courseId}/exam', { params: { path: { courseId } } }))
      .then(({ data }) => live && setDraft(data ? { language: data.language, passPercent: data.passPercent, maxAttempts: data.maxAttempts, questions: data.questions } : blank()))
      .catch((err: unknown) => live && toast(translateApiError(t, err, 'exam.loadFailed'), 'error'));
    return () => {
      live = false;
    };
  }, [courseId, t]);
  if (!draft) return <Loading />;
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const { data } = await answer(authApi.PUT('/api/v1/courses/{courseId}/exam', { params: { path: { courseId } }, body: draft }));
      setDraft({ language: data.language, passPercent: data.passPercent, maxAttempts: data.maxAttempts, questions: data.questions });
      toast(t('exam.editor.saved'), 'success');
    } catch (err) {
      toast(translateApiError(t, err, 'exam.editor.saveFailed'), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void save(e)} className="exam-editor" data-testid="exam-editor">
      <div className="exam-edit-settings">
        <label>
          {t('exam.editor.language')}{' '}
          <select value={draft.language} onChange={(e) => setDraft({ ...draft, language: e.target.value as Language })} data-testid="exam-edit-language">
            {(['en', 'bn', 'both'] as const).map((l) => (
              <option key={l} value={l}>
                {t(`exam.language_${l}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('exam.editor.passPercent')}{' '}
          <NumberInput value={draft.passPercent ? String(draft.passPercent) : ''} min={1} max={100} onChange={(v) => setDraft({ ...draft, passPercent: Number(v) || 0 })} data-testid="exam-edit-pass" />
        </label>
        <label>
          {t('exam.editor.maxAttempts')}{' '}
          <NumberInput value={draft.maxAttempts ? String(draft.maxAttempts) : ''} min={1} max={20} onChange={(v) => setDraft({ ...draft, maxAttempts: Number(v) || 0 })} data-testid="exam-edit-attempts" />
        </label>
      </div>
      {draft.questions.map((q, i) => (
        <QuestionFields
          key={i}
          courseId={courseId}
          index={i}
          q={q}
          language={draft.language}
          onChange={(next) => setDraft({ ...draft, questions: draft.questions.map((x, k) => (k === i ? next : x)) })}
          onRemove={() => setDraft({ ...draft, questions: draft.questions.filter((_, k) => k !== i) })}
        />
      ))}
      <p className="exam-edit-actions">
        <button type="button" className="btn btn-outline" onClick={() => setDraft({ ...draft, questions: [...draft.questions, newQuestion()] })} data-testid="exam-edit-add-question">
          {t('exam.editor.addQuestion')}
        </button>{' '}
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid="exam-edit-save">
          {t('exam.editor.save')}
        </button>
      </p>
    </form>
  );
}

export default function ExamEditor({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const id = user.instructor ?? '';
  const courses = useAsync(async () => (await api.courses()).filter((c) => (typeof c.instructor === 'string' ? c.instructor : (c.instructor as { _id?: string } | null)?._id) === id), [id]);
  const [courseId, setCourseId] = useState('');
  return (
    <AsyncView state={courses}>
      {(mine) =>
        !mine.length ? (
          <Empty testId="exam-no-courses">{t('payouts.noCourses')}</Empty>
        ) : (
          <>
            <p className="muted">{t('exam.editor.intro')}</p>
            <label className="exam-course-pick">
              {t('exam.editor.course')}{' '}
              <select value={courseId} onChange={(e) => setCourseId(e.target.value)} data-testid="exam-course">
                <option value="">{t('exam.editor.chooseCourse')}</option>
                {mine.map((c) => (
                  <option key={c._id} value={c._id}>
                    {c.title}
                  </option>
                ))}
              </select>
            </label>
            {courseId && <Editor key={courseId} courseId={courseId} />}
          </>
        )
      }
    </AsyncView>
  );
}
