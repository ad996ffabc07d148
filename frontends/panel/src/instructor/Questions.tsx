// Instructor tab Questions (issue 41, decision 0050): the unanswered questions under the lessons
// of this instructor's courses, the longest waiting first, each with an answer form (POST
// questions/{id}/answer). An answered question leaves the list; the asker and the followers are
// notified by the server. A lazy tab: a student's panel never loads it.
import { useState, type FormEvent } from 'react';
import { answer, authApi, type ApiPaths } from '@taal/web-shared/api';
import { translateApiError } from '@taal/web-shared/errors';
import { formatDateTime } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import { toast } from '@taal/web-shared/toast';
import { useAsync } from '@taal/web-shared/useAsync';
import { Empty, LoadError, Loading } from '@taal/web-shared/ui';

type Unanswered = ApiPaths['/api/v1/questions/unanswered']['get']['responses'][200]['content']['application/json']['data'][number];

function AnswerForm({ question, onDone }: { question: Unanswered; onDone: () => void }) {
  const { t } = useTranslation();
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (!body.trim()) {
      toast(t('refusals:ANSWER_REQUIRED'), 'error');
      return;
    }
    setBusy(true);
    try {
      await answer(authApi.POST('/api/v1/questions/{id}/answer', { params: { path: { id: question._id } }, body: { body: body.trim() } }));
      toast(t('questions.answered'), 'success');
      onDone();
    } catch (err) {
      toast(translateApiError(t, err, 'questions.failed'), 'error');
    } finally {
      setBusy(false);
    }
  };
  const id = `answer-${question._id}`;
  return (
    <form className="reply-form" onSubmit={(e) => void send(e)} data-testid="answer-form">
      <label htmlFor={id} className="sr-only">
        {t('questions.answer')}
      </label>
      <textarea id={id} rows={2} value={body} onChange={(e) => setBody(e.target.value)} placeholder={t('questions.answerPlaceholder')} maxLength={5000} />
      <button className="btn btn-primary btn-sm" disabled={busy} data-testid="answer-send">
        {t('questions.send')}
      </button>
    </form>
  );
}

export default function InstructorQuestions() {
  const { t, i18n } = useTranslation();
  const list = useAsync(async () => (await answer(authApi.GET('/api/v1/questions/unanswered'))).data, []);
  if (list.loading && !list.data) return <Loading />;
  if (list.error || !list.data) return <LoadError onRetry={list.reload} />;
  if (!list.data.length) return <Empty testId="questions-none">{t('questions.noneUnanswered')}</Empty>;
  return (
    <ul className="message-list" data-testid="unanswered-questions">
      {list.data.map((q) => (
        <li key={q._id} className="card message-card" data-testid="unanswered-question">
          <div className="message-head">
            <strong>
              {q.courseTitle} · {q.lessonTitle}
            </strong>
            <time className="muted" dateTime={q.createdAt}>
              {formatDateTime(q.createdAt, i18n.resolvedLanguage)}
            </time>
          </div>
          <p className="muted">{t('questions.asked', { name: q.askerName || t('questions.aStudent') })}</p>
          <p className="message-text">{q.body}</p>
          <p>
            <a href={`/courseview?id=${q.course}#questions`}>{t('questions.openCourse')}</a>
          </p>
          <AnswerForm question={q} onDone={list.reload} />
        </li>
      ))}
    </ul>
  );
}
