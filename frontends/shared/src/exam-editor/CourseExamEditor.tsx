// The theory exam editor of one course (issue 53, decisions 0072 and 0077): its language (en, bn
// or both), pass mark and attempts, and its questions (single or multiple choice, a picture or an
// audio clip, the right options marked). Saved whole; the server checks it and says which question
// is not complete. One editor for the instructor's panel (Exams tab) and the back office (the admin
// and the content role, per course): both import it lazily, so no first visit carries it.
import { useEffect, useState, type FormEvent } from 'react';
import { answer, authApi } from '@taal/web-shared/api';
import { translateApiError } from '@taal/web-shared/errors';
import { useTranslation } from '@taal/web-shared/i18n';
import { toast } from '@taal/web-shared/toast';
import { Loading } from '@taal/web-shared/ui';
import { NumberInput } from '@taal/web-shared/number-input';
import { newQuestion, QuestionFields, type Draft, type Language } from './exam-question';
import PracticalBriefEditor from './PracticalBriefEditor';
import './exam-editor.css';

const blank = (): Draft => ({ language: 'both', passPercent: 60, maxAttempts: 3, questions: [newQuestion()] });

export default function CourseExamEditor({ courseId }: { courseId: string }) {
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
    <>
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
    {/* The practical exam (decision 0079): its own form, saved on its own. */}
    <PracticalBriefEditor courseId={courseId} />
    </>
  );
}
