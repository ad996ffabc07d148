// Instructor tab Questions (issue 41, decision 0050): the unanswered questions under the lessons
// of this instructor's courses, each with an answer form (POST questions/{id}/answer). An answered
// question leaves the list; the asker and the followers are notified by the server. A lazy tab: a
// student's panel never loads it. The list is a server keyset page at a time (issue 51, decision 0087),
// newest first, 10 questions a page, the page's cursor in the address beside the tab (?tab=5&cursor=…&page=2),
// so a copied link opens that page; a student's questions that follow one another on a page show together.
import { answer, authApi } from '@taal/web-shared/api';
import { formatDateTime } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import { useAsync } from '@taal/web-shared/useAsync';
import { Empty, Loading, ReplyForm } from '@taal/web-shared/ui';
import { linkTo } from '@taal/web-shared/routes';
import { KeysetError, KeysetPager, useKeysetPosition } from '@taal/web-shared/keyset';

/** Questions per page. */
const PAGE_SIZE = 10;

type Question = Awaited<ReturnType<typeof loadPage>>['items'][number];
const loadPage = async (cursor: string) =>
  (await answer(authApi.GET('/api/v1/questions/unanswered/page', { params: { query: { limit: String(PAGE_SIZE), ...(cursor ? { cursor } : {}) } } }))).data;

/** The page's questions in runs of one asker (the page's order kept). */
function byAsker(questions: Question[]): { askedBy: string; askerName: string; questions: Question[] }[] {
  const runs: { askedBy: string; askerName: string; questions: Question[] }[] = [];
  for (const q of questions) {
    const last = runs[runs.length - 1];
    if (last && last.askedBy === q.askedBy) last.questions.push(q);
    else runs.push({ askedBy: q.askedBy, askerName: q.askerName, questions: [q] });
  }
  return runs;
}

export default function InstructorQuestions() {
  const { t, i18n } = useTranslation();
  const position = useKeysetPosition();
  const { cursor } = position;
  const list = useAsync(() => loadPage(cursor), [cursor]);
  if (list.loading && !list.data) return <Loading />;
  if (list.error || !list.data) return <KeysetError error={list.error} position={position} onRetry={list.reload} />;
  const { items, next } = list.data;
  if (!items.length && !cursor) return <Empty testId="questions-none">{t('questions.noneUnanswered')}</Empty>;
  return (
    // data-page: the page shown (the one asked for may still be loading).
    <div data-testid="unanswered-page" data-page={position.page} aria-busy={list.loading}>
      <p className="muted">{t('questions.unansweredNewestFirst')}</p>
      {byAsker(items).map((run) => {
        const name = run.askerName || t('questions.aStudent');
        return (
          <section key={`${run.askedBy}-${run.questions[0]!._id}`} className="question-asker" data-testid="unanswered-asker">
            <h3 className="question-asker-name">{t('questions.asked', { name })}</h3>
            <ul className="message-list" data-testid="unanswered-questions">
              {run.questions.map((q) => (
                <li key={q._id} className="card message-card" data-testid="unanswered-question">
                  <div className="message-head">
                    <strong>
                      {q.courseTitle} · {q.lessonTitle}
                    </strong>
                    <time className="muted" dateTime={q.createdAt}>
                      {formatDateTime(q.createdAt, i18n.resolvedLanguage)}
                    </time>
                  </div>
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
          </section>
        );
      })}
      {!items.length && <Empty testId="questions-page-empty">{t('questions.noneUnanswered')}</Empty>}
      <KeysetPager position={position} next={next} testId="unanswered-pager" />
    </div>
  );
}
