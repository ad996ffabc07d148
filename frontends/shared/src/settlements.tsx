// The settlements of one instructor (issue 12: Settled / Not Settled, with the receipt to download):
// the back office's settlement page and the instructor's Payment Settlement tab show the same table.
import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { protectedBlobUrl } from '@taal/web-shared/api';
import { localDigits, poishaToBdt } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import { toast } from '@taal/web-shared/toast';
import { DataTable, saveObjectUrl, type Column } from '@taal/web-shared/ui';
import { translateApiError } from '@taal/web-shared/errors';

export interface Settlement {
  _id: string;
  settleDate: string;
  settleAmount: number;
  receivedAmount: number;
  due: number;
  remarks: string;
  status: boolean;
  receipt: string;
}

async function downloadReceipt(path: string, t: TFunction) {
  try {
    saveObjectUrl(await protectedBlobUrl(path), 'settlement.pdf');
  } catch (err) {
    toast(translateApiError(t, err, 'payouts.downloadFailed'), 'error');
  }
}

const columns = (t: TFunction): Column<Settlement>[] => [
  { key: 'settleDate', header: t('payouts.settleDate'), text: (s) => localDigits(s.settleDate) },
  { key: 'settleAmount', header: t('payouts.settleAmount'), text: (s) => poishaToBdt(s.settleAmount), className: 'num' },
  { key: 'receivedAmount', header: t('payouts.receivedAmount'), text: (s) => poishaToBdt(s.receivedAmount), className: 'num' },
  { key: 'due', header: t('payouts.rowDue'), text: (s) => poishaToBdt(s.due), className: 'num' },
  { key: 'remarks', header: t('payouts.remarks'), text: (s) => s.remarks },
  { key: 'status', header: t('payouts.status'), text: (s) => (s.status ? t('payouts.settledStatus') : t('payouts.notSettled')), testId: 'settlement-status' },
  {
    key: 'receipt',
    header: t('payouts.receipt'),
    text: (s) => (s.receipt ? t('payouts.download') : '—'),
    render: (s) =>
      s.receipt ? (
        <button type="button" className="linklike" data-testid="receipt-download" onClick={() => void downloadReceipt(s.receipt, t)}>
          {t('payouts.download')}
        </button>
      ) : (
        '—'
      ),
  },
];

/** The rows with a note under them while a settlement is only partly received. */
/** The settlements; with `keyset` (a KeysetPager) they are a server page (decision 0084). */
export function SettlementTable({ rows, title, empty, keyset, rowTestId, testId }: { rows: Settlement[]; title: string; empty?: ReactNode; keyset?: ReactNode; rowTestId: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <DataTable
      title={title}
      columns={columns(t)}
      rows={rows}
      loading={false}
      pageSize={50}
      rowKey={(s) => s._id}
      keyset={keyset}
      fileName="settlements.csv"
      exports={false}
      search={false}
      empty={empty}
      caption={rows.some((s) => !s.status && s.receivedAmount > 0) && <span data-testid="not-settled-note">{t('payouts.notSettledNote')}</span>}
      rowTestId={rowTestId}
      testId={testId}
    />
  );
}
