// Instructor tab Questions (issue 41, decision 0050): the unanswered questions under the lessons
// of this instructor's courses, the longest waiting first, each with an answer form (POST
// questions/{id}/answer). An answered question leaves the list; the asker and the followers are
// notified by the server. A lazy tab: a student's panel never loads it.
import { answer, authApi } from '@taal/web-shared/api';
import { formatDateTime } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import { useAsync } from '@taal/web-shared/useAsync';
import { Empty, LoadError, Loading, ReplyForm } from '@taal/web-shared/ui';
import { linkTo } from '@taal/web-shared/routes';

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
            <a href={`${linkTo('/courseview', { id: q.course })}#questions`}>{t('questions.openCourse')}</a>
          </p>
          <ReplyForm
            send={(body) => answer(authApi.POST('/api/v1/questions/{id}/answer', { params: { path: { id: q._id } }, body: { body } }))}
            onSent={list.reload}
            requiredKey="refusals:ANSWER_REQUIRED"
            failedKey="questions.failed"
            doneKey="questions.answered"
            label={t('questions.answer')}
            placeholder={t('questions.answerPlaceholder')}
            sendLabel={t('questions.send')}
            testIds={{ form: 'answer-form', send: 'answer-send' }}
          />
        </li>
      ))}
    </ul>
  );
}
