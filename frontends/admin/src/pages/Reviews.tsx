// /adminreviews (issue 41, decision 0048): the latest reviews of every course, each with Hide
// (a dialog asks the reason, kept on record: POST review/{id}/hide), and the hidden reviews with
// the reason each was hidden. A hidden review leaves the course's page and its average and count.
// Each list a server page at a time (decision 0085): ?recentCursor=… and ?hiddenCursor=… in the address.
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { answer, authApi } from '@taal/web-shared/api';
import { formatDateTime, formatNumber } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import type { AdminReview } from '@taal/web-shared/types';
import { useAsync } from '@taal/web-shared/useAsync';
import { Modal } from '../components/Modal';
import { AdminPage } from '../components/States';
import { useSubmit } from '@taal/web-shared/ui';
import { PagedList, pageQueryOf, usePagedList } from '../components/paged';
import { courseTitles } from '../components/pickers';

function ReviewItem({ r, title, children }: { r: AdminReview; title: string; children?: React.ReactNode }) {
  const { t, i18n } = useTranslation();
  return (
    <li className="admin-message" data-testid="admin-review">
      <div className="admin-message-head">
        <strong>{r.name || t('reviews.student')}</strong>
        <span className="muted">{title}</span>
        <span aria-hidden="true">{'★'.repeat(r.rating)}</span>
        <span className="sr-only">{t('reviews.stars', { count: r.rating, n: formatNumber(r.rating) })}</span>
        <time className="muted" dateTime={r.updatedAt}>
          {formatDateTime(r.updatedAt, i18n.resolvedLanguage)}
        </time>
      </div>
      {r.text && <p className="admin-message-text">{r.text}</p>}
      {children}
    </li>
  );
}

function HideDialog({
  review,
  onClose,
  onDone,
}: {
  review: AdminReview | null;
  onClose: () => void;
  onDone: (r: AdminReview) => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const { busy, submit, refuse } = useSubmit();
  useEffect(() => setReason(''), [review?._id]);
  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (!review) return;
    if (!reason.trim()) {
      refuse(t('refusals:HIDE_REASON_REQUIRED'));
      return;
    }
    const sent = await submit(
      () =>
        answer(
          authApi.POST('/api/v1/review/{id}/hide', {
            params: { path: { id: review._id } },
            body: { reason: reason.trim() },
          }),
        ),
      { done: t('reviews.hiddenDone'), failedKey: 'reviews.failed' },
    );
    if (sent) onDone(sent.answer.data);
  };
  return (
    <Modal
      title={t('reviews.hideTitle')}
      open={review !== null}
      onClose={onClose}
      testId="hide-review-dialog"
    >
      <form className="form" onSubmit={(e) => void send(e)}>
        <p className="admin-message-text">{review?.text}</p>
        <label className="field">
          <span>{t('reviews.hideReason')}</span>
          <textarea
            rows={3}
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.target.value)}
            data-testid="hide-reason"
          />
        </label>
        <div className="modal-actions">
          <button type="button" className="btn btn-outline" onClick={onClose}>
            {t('adminMessages.cancel')}
          </button>
          <button className="btn btn-danger" disabled={busy} data-testid="hide-submit">
            {t('reviews.hide')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

export default function Reviews() {
  const { t, i18n } = useTranslation();
  const recent = usePagedList<AdminReview>('recent', 'review/recent/page', (cursor) =>
    answer(authApi.GET('/api/v1/review/recent/page', { params: { query: pageQueryOf(cursor) } })),
  );
  const hidden = usePagedList<AdminReview>('hidden', 'review/hidden/page', (cursor) =>
    answer(authApi.GET('/api/v1/review/hidden/page', { params: { query: pageQueryOf(cursor) } })),
  );
  // The titles of the shown reviews' courses, read by their ids (decision 0087: a bounded list of courses misses most).
  const courseIds = [...(recent.list.data?.items ?? []), ...(hidden.list.data?.items ?? [])].map((r) => r.course);
  const idsKey = [...new Set(courseIds)].sort().join(',');
  const courses = useAsync(() => courseTitles(idsKey ? idsKey.split(',') : []), [idsKey]);
  const titles = useMemo(() => courses.data ?? new Map<string, string>(), [courses.data]);
  const [open, setOpen] = useState<AdminReview | null>(null);
  const [justHidden, setJustHidden] = useState<AdminReview[]>([]);
  const notJustHidden = (r: AdminReview) => !justHidden.some((h) => h._id === r._id);
  // A review hidden here shows at once at the top of the hidden list's first page.
  const withJustHidden = (items: AdminReview[]) => [
    ...(hidden.position.page === 1 ? justHidden : []),
    ...items.filter(notJustHidden),
  ];
  return (
    <AdminPage title={t('reviews.adminTitle')} testId="admin-reviews">
      <div className="admin-messages-grid">
        <section className="card">
          <h2>{t('reviews.recent')}</h2>
          <PagedList {...recent} testId="recent-pager">
            {(items) => (
              <ul className="admin-messages" data-testid="recent-reviews">
                {items.filter(notJustHidden).map((r) => (
                  <ReviewItem key={r._id} r={r} title={titles.get(r.course) ?? ''}>
                    <div className="admin-message-actions">
                      {r.reply ? <p className="admin-message-reply">{r.reply}</p> : <span />}
                      <button
                        type="button"
                        className="btn btn-danger btn-sm"
                        onClick={() => setOpen(r)}
                        data-testid="hide-review"
                      >
                        {t('reviews.hide')}
                      </button>
                    </div>
                  </ReviewItem>
                ))}
              </ul>
            )}
          </PagedList>
        </section>
        <section className="card">
          <h2>{t('reviews.hiddenTitle')}</h2>
          <PagedList {...hidden} testId="hidden-pager">
            {(items) => (
              <ul className="admin-messages" data-testid="hidden-reviews">
                {withJustHidden(items).map((r) => (
                  <ReviewItem key={r._id} r={r} title={titles.get(r.course) ?? ''}>
                    <p className="admin-message-reply" data-testid="hidden-reason">
                      <span className="muted">
                        {t('reviews.hiddenBecause', {
                          when: r.hiddenAt ? formatDateTime(r.hiddenAt, i18n.resolvedLanguage) : '',
                        })}{' '}
                      </span>
                      {r.hiddenReason}
                    </p>
                  </ReviewItem>
                ))}
              </ul>
            )}
          </PagedList>
        </section>
      </div>
      <HideDialog
        review={open}
        onClose={() => setOpen(null)}
        onDone={(r) => {
          setJustHidden((list) => [r, ...list]);
          setOpen(null);
        }}
      />
    </AdminPage>
  );
}
