// The UI pieces every remote shows the same way (issue 39's one UI layer, decision 0051): compiled
// into each bundle that imports them (NOT_SHARED in mf-shared.mjs), so a page pays only for what it uses.
export { Money, copyText } from './money';
export { Empty, Loading, StateLook, type Look } from './states';
export { AsyncView, LoadError } from './async-view';
export { DataTable, type Column, type ServerPaging } from './data-table';
export { saveObjectUrl, toCsv } from './table-export';
export { Pager, pageOf } from './pager';
export { useSubmit, type SubmitOptions, type SubmitOutcome, type Submitter } from './use-submit';
export { ReplyForm, type ReplyFormProps } from './reply-form';
export { PillTabs, type PillTabsProps } from './pill-tabs';
export { ReportButton, type ReportKind } from './report-button';
