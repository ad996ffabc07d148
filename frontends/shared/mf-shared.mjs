// The one Module Federation `shared` configuration used by the shell and every remote.
// React, ReactDOM and React Router (and the i18next instance, so every remote sees the
// language the shell picked) are singletons: whichever copy the shell loads first is the
// one every remote uses. So is every module of @taal/web-shared (API client, session, auth
// check, guards, toasts, i18n binding): one instance per page, so state such as the running
// token refresh or the server's answer about the session is plain module state, shared by
// the shell and the remotes without window globals. Its modules import each other by package
// name (never './x'), so they too resolve to the one shared instance.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const packageOf = (name) => require(`${name}/package.json`);
const versionOf = (name) => packageOf(name).version;

const singleton = (name, version = versionOf(name)) => ({ singleton: true, requiredVersion: `^${version}` });

const webShared = packageOf('@taal/web-shared');
/**
 * Modules without state of their own: each bundle that uses one compiles it in (one source), so it
 * is neither in the shell's first files (shared modules are eager there) nor a shared chunk with
 * the federation's wrapping of its own (measured: +0.8 KB on /allcourses' first visit for `ui`).
 * The metronome's click engine (the footer loads it when first started), the tempo range, and the
 * UI pieces (Money, copyText, AsyncView, DataTable), the wallet statement (with its styles),
 * the settlements table and the admin side menu's derivation (decision 0056); the role guards and
 * the login's way back (the panels, the back office and the login page use them, the shell does
 * not), the rich-text allow-list, the photo checks and the social login's script loader (one
 * consumer each), the theory exam editor (the instructor's Exams tab and the back office's exam
 * screen, each a lazy chunk; decision 0077), the play-along's scoring (decision 0081), the tuner's notes and listener (loaded when the tuner or play-along opens, decision 0080), the keyset pager (the back office's and the course list's, decision 0078), and the search picker (the back office's pickers and the course list's instructor filter, a lazy chunk; decision 0087). Each one shared is a registration in every remote's entry: /allcourses' first
 * visit came to 169.9 KB from 170.3 KB (issue 55).
 */
const NOT_SHARED = new Set(['./exam-editor', './clicks', './tempo', './ui', './wallet-statement', './settlements', './admin-menu', './guard', './html', './photo', './social', './keyset', './search-picker', './types', './listen/score', './listen/listener', './listen/notes']);
/** Every browser module @taal/web-shared exports (`@taal/web-shared/api`, …), but those. */
const webSharedModules = Object.entries(webShared.exports)
  .filter(([subpath, file]) => /\.tsx?$/.test(file) && !NOT_SHARED.has(subpath))
  .map(([subpath]) => `${webShared.name}/${subpath.slice(2)}`);

export const sharedDependencies = {
  react: singleton('react'),
  'react-dom': singleton('react-dom'),
  'react-router-dom': singleton('react-router-dom'),
  i18next: singleton('i18next'),
  ...Object.fromEntries(webSharedModules.map((name) => [name, singleton(name, webShared.version)])),
};
