// /admin/questions (issue 41, decision 0050): the newest questions asked under lessons, hidden
// ones included, each with Hide (or Show again: PUT questions/{id}/hidden) and Hide all of this
// student's questions (PUT questions/user/{userId}/hidden, decision 0063). A hidden question is
// no longer shown to students or instructors, nor listed as unanswered, nor answered.
// A server page at a time (GET questions/recent/page, decision 0085; the cursor in the address).
import { useState } from 'react';
import { answer, authApi, type ApiPaths } from '@taal/web-shared/api';
import { translateApiError } from '@taal/web-shared/errors';
import { formatDateTime, formatNumber } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import { toast } from '@taal/web-shared/toast';
import { useConfirm } from '../components/Modal';
import { AdminPage } from '../components/States';
import { PagedList, pageQueryOf, usePagedList } from '../components/paged';

type Question =
  ApiPaths['/api/v1/questions/recent']['get']['responses'][200]['content']['application/json']['data'][number];

function Row({
  q,
  onChanged,
  confirm,
}: {
  q: Question;
  onChanged: () => void;
  confirm: (text: string, yes?: string) => Promise<boolean>;
}) {
  const { t, i18n } = useTranslation();
  const [hidden, setHidden] = useState(q.hidden);
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    try {
      const { data } = await answer(
        authApi.PUT('/api/v1/questions/{id}/hidden', {
          params: { path: { id: q._id } },
          body: { hidden: !hidden },
        }),
      );
      setHidden(data.hidden);
      toast(t(data.hidden ? 'questions.hiddenDone' : 'questions.shownDone'), 'success');
    } catch (err) {
      toast(translateApiError(t, err, 'questions.failed'), 'error');
    } finally {
      setBusy(false);
    }
  };
  const hideAll = async () => {
    const name = q.askerName || t('questions.aStudent');
    if (!(await confirm(t('questions.hideAllConfirm', { name }), t('questions.hideAll')))) return;
    setBusy(true);
    try {
      const { data } = await answer(
        authApi.PUT('/api/v1/questions/user/{userId}/hidden', {
          params: { path: { userId: q.askedBy } },
          body: { hidden: true },
        }),
      );
      toast(t('questions.hiddenAllDone', { count: data.changed, n: formatNumber(data.changed) }), 'success');
      onChanged();
    } catch (err) {
      toast(translateApiError(t, err, 'questions.failed'), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="admin-message" data-testid="admin-question" data-hidden={hidden ? 'true' : 'false'}>
      <div className="admin-message-head">
        <strong>
          {q.courseTitle} · {q.lessonTitle}
        </strong>{' '}
        <span className="muted">
          {t('questions.asked', { name: q.askerName || t('questions.aStudent') })}
        </span>{' '}
        <time className="muted" dateTime={q.createdAt}>
          {formatDateTime(q.createdAt, i18n.resolvedLanguage)}
        </time>
      </div>
      <p className="admin-message-text">{q.body}</p>
      {q.answers.map((a) => (
        <p key={a._id} className="admin-message-text">
          <strong>{a.authorName}:</strong> {a.body}
        </p>
      ))}
      <div className="admin-message-actions">
        <span className={`status-pill ${hidden ? 'status-wait' : 'status-ok'}`} data-testid="question-status">
          {t(hidden ? 'questions.hidden' : 'questions.visible')}
        </span>
        <button
          type="button"
          className="btn btn-sm"
          disabled={busy}
          onClick={() => void toggle()}
          data-testid="question-hide"
        >
          {t(hidden ? 'questions.show' : 'questions.hide')}
        </button>
        <button
          type="button"
          className="btn btn-sm"
          disabled={busy}
          onClick={() => void hideAll()}
          data-testid="question-hide-user"
        >
          {t('questions.hideAllOfUser')}
        </button>
      </div>
    </li>
  );
}

export default function AdminQuestions() {
  const { t } = useTranslation();
  const paged = usePagedList<Question>('', 'questions/recent/page', (cursor) =>
    answer(authApi.GET('/api/v1/questions/recent/page', { params: { query: pageQueryOf(cursor) } })),
  );
  const confirm = useConfirm();
  return (
    <AdminPage title={t('questions.adminTitle')} testId="admin-questions">
      <p className="muted">{t('questions.adminIntro')}</p>
      <PagedList {...paged} testId="questions-pager">
        {(items) => (
          <ul className="admin-messages" data-testid="admin-question-list">
            {items.map((q) => (
              <Row key={`${q._id}:${q.hidden}`} q={q} onChanged={paged.list.reload} confirm={confirm.ask} />
            ))}
          </ul>
        )}
      </PagedList>
      {confirm.dialog}
    </AdminPage>
  );
}
