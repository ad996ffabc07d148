import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '@taal/web-shared/i18n';
import { answer, authApi, type ApiPaths } from '@taal/web-shared/api';
import { hasReason, translateApiError } from '@taal/web-shared/errors';
import { formatDate, formatNumber } from '@taal/web-shared/format';
import { toast } from '@taal/web-shared/toast';
import './exam.css';

type StudentExam = ApiPaths['/api/v1/classroom/{courseId}/exam']['get']['responses'][200]['content']['application/json']['data'];
type Attempt = StudentExam['attempts'][number];
type Texts = { textEn: string; textBn: string };

/** A text in the exam's language(s): the reader's language first, the other beside it (an exam in both). */
function Bilingual({ item, lng, as: Tag = 'span' }: { item: Texts; lng: string; as?: 'span' | 'p' }) {
  const first = lng === 'bn' ? item.textBn || item.textEn : item.textEn || item.textBn;
  const second = lng === 'bn' ? item.textEn : item.textBn;
  return (
    <Tag>
      <span lang={first === item.textBn ? 'bn' : 'en'}>{first}</span>
      {second && second !== first ? (
        <span className="muted" lang={lng === 'bn' ? 'en' : 'bn'}>
          {' '}
          / {second}
        </span>
      ) : null}
    </Tag>
  );
}

/**
 * The course's theory exam in the classroom (issue 53, decision 0072), loaded with the course
 * view when the student owns it: the settings and their attempts; once every lesson is complete,
 * an attempt's questions (picture, audio clip), answered and sent to be graded by the server, which
 * answers the score and the questions answered wrongly. The key never reaches the browser.
 */
export default function TheoryExam({ courseId, lessonsDone = 0, onPassed }: { courseId: string; lessonsDone?: number; onPassed?: () => void }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? 'en';
  const [exam, setExam] = useState<StudentExam | null>(null);
  const [missing, setMissing] = useState(false);
  const [chosen, setChosen] = useState<Record<string, number[]>>({});
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Attempt | null>(null);

  useEffect(() => {
    let live = true;
    setExam(null);
    setMissing(false);
    answer(authApi.GET('/api/v1/classroom/{courseId}/exam', { params: { path: { courseId } } }))
      .then(({ data }) => live && setExam(data))
      .catch((err: unknown) => {
        if (!live) return;
        // No exam (or no active access): the course keeps its lessons-only certificate.
        if (hasReason(err, 'EXAM_NOT_FOUND', 'EXAM_ENROLLED_ONLY')) setMissing(true);
        else toast(translateApiError(t, err, 'exam.loadFailed'), 'error');
      });
    return () => {
      live = false;
    };
  }, [courseId, lessonsDone, t]);

  if (missing || !exam) return null;
  const start = async () => {
    setBusy(true);
    try {
      const { data } = await answer(authApi.POST('/api/v1/classroom/{courseId}/exam/attempts', { params: { path: { courseId } } }));
      setExam(data);
      setChosen({});
      setResult(null);
    } catch (err) {
      toast(translateApiError(t, err, 'exam.loadFailed'), 'error');
    } finally {
      setBusy(false);
    }
  };
  const left = exam.questions.filter((q) => !chosen[q.id]?.length).length;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (left > 0) return toast(t('exam.unanswered', { count: left }), 'error');
    setBusy(true);
    try {
      const answers = exam.questions.map((q) => ({ questionId: q.id, chosen: chosen[q.id] ?? [] }));
      const { data } = await answer(authApi.POST('/api/v1/exam-attempts/{id}/submit', { params: { path: { id: exam.openAttemptId } }, body: { answers } }));
      setResult(data);
      const { data: after } = await answer(authApi.GET('/api/v1/classroom/{courseId}/exam', { params: { path: { courseId } } }));
      setExam({ ...after, questions: exam.questions });
      if (data.passed) onPassed?.();
    } catch (err) {
      toast(translateApiError(t, err, 'exam.submitFailed'), 'error');
    } finally {
      setBusy(false);
    }
  };
  const pick = (id: string, index: number, multiple: boolean) =>
    setChosen((c) => {
      const now = c[id] ?? [];
      return { ...c, [id]: multiple ? (now.includes(index) ? now.filter((i) => i !== index) : [...now, index]) : [index] };
    });
  const open = !!exam.openAttemptId && !result;
  const numberOf = (id: string) => (exam.questions.findIndex((q) => q.id === id) + 1 || 0);
  const best = exam.attempts.find((a) => a.passed);

  return (
    <section className="section card exam" data-testid="theory-exam" data-state={exam.passed ? 'passed' : open ? 'open' : 'closed'}>
      <h2>{t('exam.title')}</h2>
      <p className="muted">
        {t('exam.intro', { count: formatNumber(exam.questionCount), pass: formatNumber(exam.passPercent), attempts: formatNumber(exam.maxAttempts) })} ·{' '}
        {t(`exam.language_${exam.language}`)}
      </p>
      {result && (
        <div className={`exam-result ${result.passed ? 'is-passed' : 'is-failed'}`} data-testid="exam-result" data-passed={String(result.passed)} role="status">
          <p>
            <span className={`pill ${result.passed ? 'pill-ok' : ''}`}>{t(result.passed ? 'exam.passed' : 'exam.failed')}</span>{' '}
            <strong data-testid="exam-score">{t('exam.score', { score: formatNumber(result.scorePercent) })}</strong>
          </p>
          {result.wrongQuestionIds.length > 0 && (
            <p data-testid="exam-wrong">{t('exam.wrong', { numbers: result.wrongQuestionIds.map((id) => formatNumber(numberOf(id))).join(', ') })}</p>
          )}
        </div>
      )}
      {exam.passed && best ? (
        <p data-testid="exam-passed">{t('exam.passedText', { score: formatNumber(best.scorePercent) })}</p>
      ) : !exam.lessonsComplete ? (
        <p className="muted" data-testid="exam-lessons-first">
          {t('exam.lessonsFirst')}
        </p>
      ) : open ? (
        <form onSubmit={(e) => void submit(e)} data-testid="exam-form">
          {exam.questions.map((q, i) => (
            <fieldset key={q.id} className="exam-question" data-testid="exam-question">
              <legend>
                <strong>{t('exam.question', { number: formatNumber(i + 1) })}</strong> <span className="muted">({t(`exam.${q.kind}`)})</span>
              </legend>
              <Bilingual item={q} lng={lng} as="p" />
              {q.imageUrl && <img src={q.imageUrl} alt={t('exam.picture', { number: formatNumber(i + 1) })} className="exam-picture" loading="lazy" />}
              {q.audioUrl && <audio controls preload="none" src={q.audioUrl} data-testid="exam-audio" />}
              {q.options.map((o, j) => (
                <label key={j} className="exam-option">
                  <input
                    type={q.kind === 'multiple' ? 'checkbox' : 'radio'}
                    name={`q-${q.id}`}
                    checked={(chosen[q.id] ?? []).includes(j)}
                    onChange={() => pick(q.id, j, q.kind === 'multiple')}
                    data-testid={`exam-option-${i}-${j}`}
                  />{' '}
                  <Bilingual item={o} lng={lng} />
                </label>
              ))}
            </fieldset>
          ))}
          <button type="submit" className="btn btn-primary" disabled={busy} data-testid="exam-submit">
            {t('exam.submit')}
          </button>
        </form>
      ) : exam.attemptsLeft > 0 ? (
        <p>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void start()} data-testid="exam-start">
            {t(exam.attempts.length ? 'exam.retry' : 'exam.start')}
          </button>{' '}
          <span className="muted" data-testid="exam-attempts-left">
            {t('exam.attemptsLeft', { count: formatNumber(exam.attemptsLeft) })}
          </span>
        </p>
      ) : (
        <p data-testid="exam-no-attempts">{t('exam.noAttemptsLeft')}</p>
      )}
      {exam.attempts.some((a) => a.submittedAt) && (
        <ul className="muted exam-history" data-testid="exam-history">
          {exam.attempts
            .filter((a) => a.submittedAt)
            .map((a) => (
              <li key={a.id}>{t('exam.history', { number: formatNumber(a.number), score: formatNumber(a.scorePercent), date: formatDate(a.submittedAt, lng) })}</li>
            ))}
        </ul>
      )}
    </section>
  );
}
