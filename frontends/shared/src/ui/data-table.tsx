// The one data table (the back office's, and the panel's statements): a search box, fixed page size, and copy / CSV / print of
// every (filtered) row, as its tables offer (back office §2); rows may carry a class (e.g. paid
// orders highlighted). With `paging` the server pages the rows: `rows` is the current page
// (copy, CSV and print then act on that page only; no search box) and the pager counts `total`;
// with `keyset` the server pages by cursor and the caller's pager is shown.
import { useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from '@taal/web-shared/i18n';
import { toast } from '@taal/web-shared/toast';
import { Pager, pageOf } from './pager';
import { Empty, Loading } from './states';
import { copyText } from './money';
import { download, printTable, toCsv } from './table-export';
import './data-table.css';

export interface Column<T> {
  key: string;
  header: string;
  /** The cell's text (also what copy, CSV and print use). */
  text: (row: T) => string;
  /** What the cell shows, when more than text (a link, a button). */
  render?: (row: T) => ReactNode;
  /** A class for the column's cells (e.g. 'num': amounts right-aligned on one line). */
  className?: string;
  /** In copy and CSV (and search) only, not on screen (another column shows it). */
  exportOnly?: boolean;
  /** A test id for the column's cells. */
  testId?: string;
}

/** Pages the server cuts: the current page (0-based), every row's count, and a page change. */
export interface ServerPaging {
  page: number;
  total: number;
  onPage: (page: number) => void;
}

/**
 * Whether the element is narrower than what it holds, followed as either changes size. A table
 * that still does not fit says so, and its scroller takes the keyboard focus (issue 28).
 */
function useOverflows(): [RefObject<HTMLDivElement>, boolean] {
  const ref = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = () => setOverflows(el.scrollWidth > el.clientWidth + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  });
  return [ref, overflows];
}

export function DataTable<T>({
  title,
  columns,
  rows,
  loading,
  pageSize,
  rowKey,
  fileName,
  exports = true,
  print = true,
  search = true,
  rowClass,
  paging,
  keyset,
  initialiseAfterMs = 0,
  empty,
  caption,
  footer,
  rowTestId = 'table-row',
  testId,
}: {
  title: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  loading: boolean;
  pageSize: number;
  rowKey: (row: T) => string;
  fileName: string;
  /** Copy and CSV (and print, unless `print` is false). */
  exports?: boolean;
  print?: boolean;
  search?: boolean;
  rowClass?: (row: T) => string | undefined;
  /** The server pages the rows (`rows` is page `paging.page` of `paging.total` rows). */
  paging?: ServerPaging;
  /** The server pages the rows by cursor (decision 0074): `rows` is the page, shown whole, with this pager instead of the table's. */
  keyset?: ReactNode;
  /** Shows 'Loading ...' this long before the rows (the store tables are initialised after 1 second). */
  initialiseAfterMs?: number;
  /** Shown for no rows instead of 'No data found'. */
  empty?: ReactNode;
  /** A note under the table (its <caption>). */
  caption?: ReactNode;
  /** The table's footer rows (<tfoot>), e.g. a total. */
  footer?: ReactNode;
  rowTestId?: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const [initialised, setInitialised] = useState(initialiseAfterMs <= 0);
  useEffect(() => {
    if (initialiseAfterMs <= 0) return;
    const timer = window.setTimeout(() => setInitialised(true), initialiseAfterMs);
    return () => window.clearTimeout(timer);
  }, [initialiseAfterMs]);
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const searchable = search && !paging && !keyset;
  const filtered = useMemo(() => {
    const q = searchable ? query.trim().toLowerCase() : '';
    const all = rows ?? [];
    if (!q) return all;
    return all.filter((r) => columns.some((c) => c.text(r).toLowerCase().includes(q)));
  }, [rows, query, columns, searchable]);
  const view = keyset
    ? { rows: filtered, page: 0, pages: 1 }
    : paging
    ? { rows: filtered, page: paging.page, pages: Math.max(1, Math.ceil(paging.total / pageSize)) }
    : pageOf(filtered, page, pageSize);
  const total = paging ? paging.total : filtered.length;
  const shown = useMemo(() => columns.filter((c) => !c.exportOnly), [columns]);
  const [scroller, overflows] = useOverflows();

  const copy = async () => {
    const text = [columns.map((c) => c.header).join('\t'), ...filtered.map((r) => columns.map((c) => c.text(r)).join('\t'))].join('\n');
    if (await copyText(text)) toast(t('admin.table.copied', { count: filtered.length }), 'success');
    else toast(t('admin.table.copyFailed'), 'error');
  };

  return (
    <div className="data-table" data-testid={testId}>
      {(exports || searchable) && (
        <div className="data-table-tools">
          {exports && (
            <div className="data-table-buttons">
              <button type="button" className="btn btn-outline btn-sm" onClick={() => void copy()} disabled={!filtered.length} data-testid="table-copy">
                {t('admin.table.copy')}
              </button>
              <button type="button" className="btn btn-outline btn-sm" onClick={() => download(fileName, toCsv(columns, filtered))} disabled={!filtered.length} data-testid="table-csv">
                {t('admin.table.csv')}
              </button>
              {print && (
                <button type="button" className="btn btn-outline btn-sm" onClick={() => printTable(title, columns, filtered)} disabled={!filtered.length} data-testid="table-print">
                  {t('admin.table.print')}
                </button>
              )}
            </div>
          )}
          {searchable && (
            <label className="data-table-search">
              <span>{t('admin.table.search')}</span>
              <input
                type="search"
                value={query}
                onChange={(e) => {
                  setQuery(e.target.value);
                  setPage(0);
                }}
              />
            </label>
          )}
        </div>
      )}
      {(loading && !rows) || !initialised ? (
        <Loading />
      ) : !filtered.length ? (
        (empty ?? <Empty />)
      ) : (
        <>
          {overflows && (
            <p className="table-scroll-hint" id={`${testId}-scroll-hint`} data-testid="table-scroll-hint">
              {t('admin.table.scrollHint')}
            </p>
          )}
          <div
            ref={scroller}
            className={`table-scroll${overflows ? ' overflows' : ''}`}
            data-testid="table-scroll"
            {...(overflows
              ? { tabIndex: 0, role: 'region', 'aria-label': t('admin.table.scrollRegion', { title }), 'aria-describedby': `${testId}-scroll-hint` }
              : {})}
          >
            <table>
              {caption && <caption className="table-note muted">{caption}</caption>}
              <thead>
                <tr>
                  {shown.map((c) => (
                    <th key={c.key} scope="col" className={c.className}>
                      {c.header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {view.rows.map((r) => (
                  <tr key={rowKey(r)} className={rowClass?.(r)} data-testid={rowTestId}>
                    {shown.map((c) => (
                      <td key={c.key} data-col={c.key} className={c.className} data-testid={c.testId}>
                        {c.render ? c.render(r) : c.text(r)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
              {footer && <tfoot>{footer}</tfoot>}
            </table>
          </div>
          {keyset ?? (
            <>
              <p className="muted data-table-info" data-testid="table-info">
                {t('admin.table.showing', { from: view.page * pageSize + 1, to: view.page * pageSize + view.rows.length, total })}
              </p>
              <Pager page={view.page} pages={view.pages} onPage={paging ? paging.onPage : setPage} testId="table-pager" />
            </>
          )}
        </>
      )}
    </div>
  );
}
