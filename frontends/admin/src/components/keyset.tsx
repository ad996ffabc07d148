// The back office's long lists a server page at a time (issue 51, decision 0074): the one pager, shared
// with the visitor's course list (decision 0078), lives in @taal/web-shared/keyset.
export { KeysetError, KeysetPager, useKeysetPosition, type KeysetPage, type KeysetPosition } from '@taal/web-shared/keyset';
