// Instructor tab Questions (issue 41, decision 0050): the unanswered questions under the lessons
// of this instructor's courses, each with an answer form (POST questions/{id}/answer). An answered
// question leaves the list; the asker and the followers are notified by the server. A lazy tab: a
// student's panel never loads it. The list is a page of askers at a time (decision 0063): the
// student with the newest question first, each with their newest three questions and how many more
// wait, so one student's many questions cannot push out another's.
import { useEffect, useState } from 'react';
import { answer, authApi } from '@taal/web-shared/api';
import { formatDateTime, formatNumber } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import { useAsync } from '@taal/web-shared/useAsync';
import { Empty, LoadError, Loading, Pager, ReplyForm } from '@taal/web-shared/ui';
import { linkTo } from '@taal/web-shared/routes';

/** Askers per page. */
const PAGE_SIZE = 10;

export default function InstructorQuestions() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(0);
  const list = useAsync(async () => {
    const reply = authApi.GET('/api/v1/questions/unanswered', { params: { query: { page: String(page + 1), pageSize: String(PAGE_SIZE) } } });
    // `answer` checks the reply and keeps `data`; the paging fields sit beside it.
    const { data: questions } = await answer(reply);
    const { askers, total, totalQuestions, page: shown } = (await reply).data!;
    return { questions, askers, total, totalQuestions, page: shown };
  }, [page]);
  // A page left empty (its last askers answered): the last page that has askers.
  const emptyPage = !!list.data && !list.loading && list.data.questions.length === 0 && page > 0;
  const lastPage = list.data ? Math.max(0, Math.ceil(list.data.total / PAGE_SIZE) - 1) : 0;
  useEffect(() => {
    if (emptyPage) setPage(lastPage);
  }, [emptyPage, lastPage]);
  if (list.loading && !list.data) return <Loading />;
  if (list.error || !list.data) return <LoadError onRetry={list.reload} />;
  const { questions, askers, total, totalQuestions, page: shown } = list.data;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (!questions.length && page === 0) return <Empty testId="questions-none">{t('questions.noneUnanswered')}</Empty>;
  const onPage = (p: number) => {
    setPage(p);
    window.scrollTo?.({ top: 0 });
  };
  return (
    // data-page: the page shown (the one asked for may still be loading).
    <div data-testid="unanswered-page" data-page={shown} aria-busy={list.loading}>
      <p className="muted">{t('questions.unansweredIntro', { count: totalQuestions, n: formatNumber(totalQuestions) })}</p>
      {askers.map((asker) => {
        const name = asker.askerName || t('questions.aStudent');
        return (
          <section key={asker.askedBy} className="question-asker" data-testid="unanswered-asker">
            <h3 className="question-asker-name">{t('questions.askerWaiting', { name, count: asker.questions, n: formatNumber(asker.questions) })}</h3>
            <ul className="message-list" data-testid="unanswered-questions">
              {questions
                .filter((q) => q.askedBy === asker.askedBy)
                .map((q) => (
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
            {asker.questions > asker.shown && (
              <p className="muted" data-testid="unanswered-more">
                {t('questions.moreFromAsker', { name, count: asker.questions - asker.shown, n: formatNumber(asker.questions - asker.shown) })}
              </p>
            )}
          </section>
        );
      })}
      <Pager page={page} pages={pages} onPage={onPage} testId="unanswered-pager" />
    </div>
  );
}
