// The data table's exports: CSV (with formula-like cells defused), a file download and a print of the rows.
import type { Column } from './data-table';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const csvCell = (s: string) => (/[",\n\r]/.test(s) || /^[=+\-@]/.test(s) ? `"${s.replace(/^([=+\-@])/, "'$1").replace(/"/g, '""')}"` : s);

export function toCsv<T>(columns: Column<T>[], rows: T[]): string {
  return [columns.map((c) => csvCell(c.header)).join(','), ...rows.map((r) => columns.map((c) => csvCell(c.text(r))).join(','))].join('\r\n');
}

/** Saves an object URL as file `name` (the browser's download), then revokes the URL. */
export function saveObjectUrl(url: string, name: string) {
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function download(name: string, text: string) {
  saveObjectUrl(URL.createObjectURL(new Blob(['\ufeff', text], { type: 'text/csv;charset=utf-8' })), name);
}

const PRINT_CSS = 'body{font-family:sans-serif}table{border-collapse:collapse;width:100%;font-size:12px}th,td{border:1px solid #999;padding:4px 6px;text-align:left}';

export function printTable<T>(title: string, columns: Column<T>[], rows: T[]) {
  const frame = document.createElement('iframe');
  frame.style.position = 'fixed';
  frame.style.width = '0';
  frame.style.height = '0';
  frame.style.border = '0';
  document.body.appendChild(frame);
  const doc = frame.contentDocument;
  if (!doc) return;
  doc.open();
  doc.write(
    `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1><table><thead><tr>${columns
      .map((c) => `<th>${escapeHtml(c.header)}</th>`)
      .join('')}</tr></thead><tbody>${rows.map((r) => `<tr>${columns.map((c) => `<td>${escapeHtml(c.text(r))}</td>`).join('')}</tr>`).join('')}</tbody></table></body></html>`,
  );
  doc.close();
  // A constructed style sheet (CSSOM): the page's CSP allows no inline <style>, and the frame inherits it.
  const view = frame.contentWindow as (Window & typeof globalThis) | null;
  if (view && 'adoptedStyleSheets' in doc) {
    const sheet = new view.CSSStyleSheet();
    sheet.replaceSync(PRINT_CSS);
    doc.adoptedStyleSheets = [sheet];
  }
  window.setTimeout(() => {
    frame.contentWindow?.focus();
    frame.contentWindow?.print();
    window.setTimeout(() => frame.remove(), 1000);
  }, 50);
}
