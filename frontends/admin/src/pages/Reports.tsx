// /adminreports (issue 53, decision 0076): the reports users sent on messages, replies, lesson
// questions, answers and reviews, newest first (open ones, or all), each with what was reported,
// who wrote it, why and how many reported it. Hide (gone for everyone but admins), Restore,
// Dismiss, or Suspend the sender (asked first; hides it too). Every reporter is notified.
// A server page at a time (GET report/queue/page, decision 0085): ?view=all&cursor=… in the address.
import { useState } from 'react';
import { answer, authApi, type ApiPaths } from '@taal/web-shared/api';
import { formatDateTime, formatNumber } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import { useSearchParams } from 'react-router-dom';
import { PillTabs, useSubmit } from '@taal/web-shared/ui';
import { PagedList, pageQueryOf, usePagedList } from '../components/paged';
import { useConfirm } from '../components/Modal';
import { AdminPage } from '../components/States';

type Report =
  ApiPaths['/api/v1/report/queue']['get']['responses'][200]['content']['application/json']['data'][number];
type Action = 'hide' | 'restore' | 'dismiss' | 'suspend';
const VIEWS = ['open', 'all'] as const;

function ReportItem({ r, onDecided }: { r: Report; onDecided: (r: Report) => void }) {
  const { t, i18n } = useTranslation();
  const { busy, submit } = useSubmit();
  const confirm = useConfirm();
  const decide = async (action: Action) => {
    if (
      action === 'suspend' &&
      !(await confirm.ask(t('conduct.suspendConfirm', { name: r.senderName }), t('conduct.actions.suspend')))
    )
      return;
    const done = await submit(
      () =>
        answer(
          authApi.PUT('/api/v1/report/{id}/decision', { params: { path: { id: r._id } }, body: { action } }),
        ),
      {
        done: t(`conduct.decided.${action}`),
        failedKey: 'conduct.decideFailed',
      },
    );
    if (done) onDecided(done.answer.data);
  };
  const hidden = r.status === 'hidden' || r.status === 'suspended';
  return (
    <li className="admin-message" data-testid="admin-report" data-status={r.status} data-kind={r.kind}>
      <div className="admin-message-head">
        <strong>{t(`conduct.kinds.${r.kind}`)}</strong>
        <span>{t('conduct.by', { name: r.senderName || '—' })}</span>
        <span className="badge" data-testid="report-status">
          {t(`conduct.status.${r.status}`)}
        </span>
        <span className="muted">
          {t('conduct.reporters', { count: r.reporters, n: formatNumber(r.reporters) })}
        </span>
        <time className="muted" dateTime={r.createdAt}>
          {formatDateTime(r.createdAt, i18n.resolvedLanguage)}
        </time>
      </div>
      <p className="admin-message-text" data-testid="report-excerpt">
        {r.excerpt}
      </p>
      {r.reason && (
        <p className="admin-message-reply">
          <span className="muted">{t('conduct.reasonGiven')} </span>
          {r.reason}
        </p>
      )}
      <div className="admin-message-actions">
        <span />
        <span className="report-actions">
          {!hidden && (
            <button
              type="button"
              className="btn btn-danger btn-sm"
              disabled={busy}
              onClick={() => void decide('hide')}
              data-testid="report-hide"
            >
              {t('conduct.actions.hide')}
            </button>
          )}
          {hidden && (
            <button
              type="button"
              className="btn btn-outline btn-sm"
              disabled={busy}
              onClick={() => void decide('restore')}
              data-testid="report-restore"
            >
              {t('conduct.actions.restore')}
            </button>
          )}
          {r.status === 'open' && (
            <button
              type="button"
              className="btn btn-outline btn-sm"
              disabled={busy}
              onClick={() => void decide('dismiss')}
              data-testid="report-dismiss"
            >
              {t('conduct.actions.dismiss')}
            </button>
          )}
          {r.status !== 'suspended' && r.senderId && (
            <button
              type="button"
              className="btn btn-danger btn-sm"
              disabled={busy}
              onClick={() => void decide('suspend')}
              data-testid="report-suspend"
            >
              {t('conduct.actions.suspend')}
            </button>
          )}
        </span>
      </div>
      {confirm.dialog}
    </li>
  );
}

export default function Reports() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'all' ? 'all' : 'open';
  const open = view === 'open' ? 'true' : 'false';
  const paged = usePagedList<Report>('', `report/queue/page?open=${open}`, (cursor) =>
    answer(authApi.GET('/api/v1/report/queue/page', { params: { query: { open, ...pageQueryOf(cursor) } } })),
  );
  const [decided, setDecided] = useState<Record<string, Report>>({});
  // A decision covers every report of the item: the others show it at once too.
  const shown = (items: Report[]) =>
    items.map((r) => {
      const d = Object.values(decided).find((x) => x.kind === r.kind && x.itemId === r.itemId);
      return d ? { ...r, status: d.status, decidedAt: d.decidedAt } : r;
    });
  return (
    <AdminPage title={t('conduct.adminTitle')} testId="admin-reports">
      <PillTabs
        tabs={VIEWS}
        selected={view}
        onSelect={(v) => setParams(v === 'all' ? { view: v } : {})}
        label={(v) => t(`conduct.views.${v}`)}
        testIdPrefix="reports-view"
      />
      <section className="card">
        <PagedList {...paged} testId="reports-pager">
          {(items) => (
            <ul className="admin-messages admin-reports" data-testid="report-queue">
              {shown(items).map((r) => (
                <ReportItem
                  key={r._id}
                  r={r}
                  onDecided={(next) => setDecided((all) => ({ ...all, [next._id]: next }))}
                />
              ))}
            </ul>
          )}
        </PagedList>
      </section>
    </AdminPage>
  );
}
