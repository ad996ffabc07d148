// The pages, as routes.json declares each one once (also read by the server and the build), and
// what is made from them: which remote owns a path (the shell registers each remote with
// single-spa by `remoteForPath`; a path that no remote owns gets the shell's own 404 page), its
// page title, each remote's screens (`Screens`), the content role's header menu and links to the
// pages (`linkTo`); the admin side menu is made in admin-menu.ts. Decision 0056.
//
// routes.json (JSON has no comments, and this text would be in every first visit's files): per
// remote, in the order they are matched, each page's React Router pattern with its page title (a
// translation key; a back-office page without one takes its menu entry's, `admin.nav.<nav>`), the API URLs its first screen asks for (`data`, preloaded by the server with
// the page: the URLs the page fetches, or the browser fetches them twice), and for the back office
// its side menu `group`, its entry there (`nav`: an `admin.nav.*` key, listed in declaration order)
// and whether the content role may open it (`contentRole`: "menu" also lists it in that role's
// header menu, "screen" does not). A pattern without parameters matches its path with or without a
// trailing slash; one with parameters (`:id`, `*`) any longer path from its fixed start
// (route-table.js). A path no page matches gets the shell's 404 page, answered with HTTP 404.
import type { ReactElement } from 'react';
import table from './routes.json';
import { normalisePath, pageForPath, titleKeyOf, type PageDeclaration, type RouteTable } from './route-table';

type Remotes = typeof table.remotes;
export type RemoteName = keyof Remotes;
const TABLE: RouteTable = table;

/** The remotes the shell composes, in the order their routes are matched. */
export const REMOTE_NAMES = Object.keys(table.remotes) as RemoteName[];

/** The React Router patterns routes.json declares for a remote (`/instructorview/:id`…). */
export type PatternOf<R extends RemoteName> = keyof Remotes[R]['pages'] & string;
/** Every declared pattern, of every remote. */
export type Pattern = { [R in RemoteName]: PatternOf<R> }[RemoteName];

/**
 * A remote's screen for each of its declared patterns: exactly those (a missing pattern or one
 * routes.json does not declare fails the type check). The remote makes its <Routes> from it.
 */
export type Screens<R extends RemoteName> = Record<PatternOf<R>, ReactElement>;

/** The declared pages of a remote, in declaration order. */
export const pagesOf = (remote: RemoteName): [pattern: string, page: PageDeclaration][] => Object.entries(TABLE.remotes[remote]!.pages);

/** The declared page a path opens (route-table.js's rule), or undefined. */
export const pageAt = (pathname: string): PageDeclaration | undefined => pageForPath(TABLE, pathname)?.page;

export function remoteForPath(pathname: string): RemoteName | null {
  return (pageForPath(TABLE, pathname)?.remote as RemoteName | undefined) ?? null;
}

/** The translation key of the 404 page's title (a path no remote owns). */
export const NOT_FOUND_TITLE = 'pageTitle.notFound';

/** The translation key of a path's page title: its page's (titleKeyOf), or NOT_FOUND_TITLE for a path no page matches. */
export function titleKeyForPath(pathname: string): string {
  const page = pageForPath(TABLE, pathname)?.page;
  return (page && titleKeyOf(page)) ?? NOT_FOUND_TITLE;
}

/** Course view pages hide the language menu (spec §2). */
export const isCourseView = (pathname: string) => normalisePath(pathname) === '/courseview';

// ---- The content role's header menu (decision 0020; its side menu: admin-menu.ts) ----

/**
 * The content role's back-office screens as [path, `admin.nav.*` key], for its header menu: its
 * pages with `contentRole: "menu"`; the others it may open (/updatecourse, /updatelesson,
 * /update-freebies/{id}) are reached from their lists or the side menu.
 */
export const CONTENT_ROLE_MENU: readonly (readonly [path: string, navKey: string])[] = pagesOf('admin')
  .filter(([, p]) => p.contentRole === 'menu' && p.nav)
  .map(([pattern, p]) => [pattern, p.nav!] as const);

// ---- Links ----

/** The names of a pattern's parameters (`/instructorview/:id` → 'id'). */
type ParamNames<P extends string> = P extends `${string}:${infer N}/${infer Rest}` ? N | ParamNames<`/${Rest}`> : P extends `${string}:${infer N}` ? N : never;
/** Query string values; undefined ones are left out. */
export type Query = Record<string, string | number | undefined>;
/** A declared pattern a link can point at (not a remote's catch-all `…/*`). */
export type LinkPattern = Exclude<Pattern, `${string}*`>;
type LinkArgs<P extends string> = [ParamNames<P>] extends [never] ? [query?: Query] : [values: Record<ParamNames<P>, string> & Query];

/**
 * The URL of a declared page: `linkTo('/instructorview/:id', { id })` → `/instructorview/<id>`;
 * other values make the query string (`linkTo('/courseview', { id })` → `/courseview?id=<id>`).
 * Parameters and values are URI-encoded. Only declared patterns compile.
 */
export function linkTo<P extends LinkPattern>(pattern: P, ...[values]: LinkArgs<P>): string {
  const given: Query = values ?? {};
  const used = new Set<string>();
  const path = pattern.replace(/:(\w+)/g, (_, name: string) => {
    used.add(name);
    return encodeURIComponent(String(given[name]));
  });
  const query = Object.entries(given)
    .filter(([k, v]) => !used.has(k) && v !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`);
  return query.length ? `${path}?${query.join('&')}` : path;
}
