// The practical submissions waiting for the instructor's grade (issue 53 item 2, decision 0079):
// the instructor's own courses' (the server lists only those), oldest first; each is played
// through its signed URL and graded pass or fail with a comment (needed for a fail). Graded once:
// a second grade is refused by the server, so the list is read again after each.
import { useState } from 'react';
import { answer, authApi, type ApiPaths } from '@taal/web-shared/api';
import { translateApiError } from '@taal/web-shared/errors';
import { formatDate, formatNumber } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import { toast } from '@taal/web-shared/toast';
import { useAsync } from '@taal/web-shared/useAsync';
import { AsyncView, Empty } from '@taal/web-shared/ui';

type Submission = ApiPaths['/api/v1/practical-submissions']['get']['responses'][200]['content']['application/json']['data'][number];

function GradeForm({ s, title, onGraded }: { s: Submission; title: string; onGraded: () => void }) {
  const { t, i18n } = useTranslation();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const grade = async (passed: boolean) => {
    setBusy(true);
    try {
      await answer(authApi.POST('/api/v1/practical-submissions/{id}/grade', { params: { path: { id: s.id } }, body: { passed, comment } }));
      toast(t(passed ? 'practical.grading.passedToast' : 'practical.grading.failedToast'), 'success');
      onGraded();
    } catch (err) {
      toast(translateApiError(t, err, 'practical.grading.gradeFailed'), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="card practical-grade" data-testid="practical-waiting-item" data-id={s.id}>
      <p>
        <strong>{s.studentName || s.userId.slice(0, 8)}</strong> · {title}
        <br />
        <span className="muted">{t('practical.grading.submitted', { number: formatNumber(s.number), date: formatDate(s.submittedAt, i18n.resolvedLanguage) })}</span>
      </p>
      {s.mediaKind === 'video' ? (
        <video controls preload="metadata" src={s.mediaUrl} className="practical-video" data-testid="practical-grade-media" />
      ) : (
        <audio controls preload="metadata" src={s.mediaUrl} data-testid="practical-grade-media" />
      )}
      <label>
        {t('practical.grading.comment')}
        <textarea rows={3} maxLength={2000} value={comment} onChange={(e) => setComment(e.target.value)} data-testid="practical-grade-comment" />
      </label>
      <p className="practical-grade-actions">
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void grade(true)} data-testid="practical-grade-pass">
          {t('practical.grading.pass')}
        </button>{' '}
        <button type="button" className="btn btn-outline" disabled={busy} onClick={() => void grade(false)} data-testid="practical-grade-fail">
          {t('practical.grading.fail')}
        </button>
      </p>
    </li>
  );
}

export default function PracticalGrading({ titles }: { titles: Map<string, string> }) {
  const { t } = useTranslation();
  const [round, setRound] = useState(0);
  const waiting = useAsync(async () => (await answer(authApi.GET('/api/v1/practical-submissions', { params: { query: { status: 'waiting' } } }))).data, [round]);
  return (
    <section className="practical-grading" data-testid="practical-grading">
      <h3>{t('practical.grading.title')}</h3>
      <AsyncView state={waiting}>
        {(list) =>
          !list.length ? (
            <Empty testId="practical-grading-none">{t('practical.grading.none')}</Empty>
          ) : (
            <ul className="practical-grade-list">
              {list.map((s) => (
                <GradeForm key={s.id} s={s} title={titles.get(s.courseId) ?? ''} onGraded={() => setRound((r) => r + 1)} />
              ))}
            </ul>
          )
        }
      </AsyncView>
    </section>
  );
}
