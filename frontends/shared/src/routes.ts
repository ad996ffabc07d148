// Which remote owns which route, read from routes.json (the one declaration, also read by the
// server and the build). The shell registers each remote with single-spa using
// `remoteForPath`; a path that no remote owns gets the shell's own 404 page.
import table from './routes.json';

export type RemoteName = keyof typeof table.remotes;
const ROUTES: Record<RemoteName, { exact: string[]; prefix: string[]; titles: Record<string, string> }> = table.remotes;

/** The remotes the shell composes, in the order their routes are matched. */
export const REMOTE_NAMES = Object.keys(ROUTES) as RemoteName[];

function normalise(pathname: string): string {
  if (pathname.length > 1 && pathname.endsWith('/')) return pathname.slice(0, -1);
  return pathname || '/';
}

export function remoteForPath(pathname: string): RemoteName | null {
  const p = normalise(pathname);
  for (const name of REMOTE_NAMES) {
    const { exact, prefix } = ROUTES[name];
    if (exact.includes(p) || prefix.some((x) => p.startsWith(x) && p.length > x.length)) return name;
  }
  return null;
}

/** The translation key of the 404 page's title (a path no remote owns). */
export const NOT_FOUND_TITLE = 'pageTitle.notFound';

/**
 * The translation key of a path's page title, from its remote's `titles` in routes.json: an exact
 * path (with or without a trailing slash) or the longest prefix (ending in "/") that matches a
 * longer path; null when none does. Paths no remote owns take NOT_FOUND_TITLE.
 */
export function titleKeyForPath(pathname: string): string | null {
  const name = remoteForPath(pathname);
  if (!name) return NOT_FOUND_TITLE;
  const p = normalise(pathname);
  const titles = ROUTES[name].titles;
  if (titles[p]) return titles[p];
  const prefix = Object.keys(titles)
    .filter((x) => x.endsWith('/') && p.startsWith(x) && p.length > x.length)
    .sort((a, b) => b.length - a.length)[0];
  return prefix ? titles[prefix]! : null;
}

/** Course view pages hide the language menu (spec §2). */
export const isCourseView = (pathname: string) => normalise(pathname) === '/courseview';

/**
 * The content role's back-office screens (decision 0020) as [path, `admin.nav.*` key]: the
 * header's user menu and the admin side menu offer these; /updatecourse, /updatelesson and
 * /update-freebies/{id} are reached from their lists.
 */
export const CONTENT_ROLE_MENU: readonly (readonly [path: string, navKey: string])[] = [
  ['/admincourselist', 'courseList'],
  ['/addcourse', 'addCourse'],
  ['/adminupcomingcourselist', 'upcomingList'],
  ['/upcoming', 'addUpcoming'],
  ['/adminfreebies', 'freebies'],
  ['/addpost', 'addFreebie'],
];
/** Every path the content role may open (the 8 screens of decision 0020). */
export const CONTENT_ROLE_PATHS: readonly string[] = [...CONTENT_ROLE_MENU.map(([p]) => p), '/updatecourse', '/updatelesson'];
