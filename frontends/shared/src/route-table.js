// Which declared page of routes.json a path opens: the one matching rule, used by the shell
// (routes.ts: which remote to mount, the page title, the content role's screens) and by the
// server (frontends/web: the 404 status, the preloads). Plain CommonJS with its types beside it
// (route-table.d.ts), so that both the browser bundles and the server's tsc build can import it.
'use strict';

/** The path without one trailing slash ('/' stays '/'; '' is '/'). */
function normalisePath(pathname) {
  if (pathname.length > 1 && pathname.endsWith('/')) return pathname.slice(0, -1);
  return pathname || '/';
}

/**
 * A pattern's fixed start when it has parameters (`/instructorview/:id` → `/instructorview/`,
 * `/admin/*` → `/admin/`), or null for a pattern without any (matched exactly).
 */
function patternPrefix(pattern) {
  const i = pattern.search(/[:*]/);
  return i < 0 ? null : pattern.slice(0, i);
}

/**
 * The page a path opens, or null when no remote owns it (the 404 page). The remotes are tried in
 * their order in routes.json; in each, a pattern without parameters matches the path exactly (with
 * or without a trailing slash), and otherwise the longest fixed start of a pattern with parameters
 * that the path continues (any longer path: `/instructorview/a/b` is the storefront's too, which
 * then shows nothing of its own).
 */
function pageForPath(table, pathname) {
  const p = normalisePath(pathname);
  for (const [remote, { pages }] of Object.entries(table.remotes)) {
    if (Object.prototype.hasOwnProperty.call(pages, p) && patternPrefix(p) === null) return { remote, pattern: p, page: pages[p] };
    let best = null;
    for (const pattern of Object.keys(pages)) {
      const prefix = patternPrefix(pattern);
      if (prefix !== null && p.length > prefix.length && p.startsWith(prefix) && (best === null || prefix.length > best.prefix.length)) best = { prefix, pattern };
    }
    if (best) return { remote, pattern: best.pattern, page: pages[best.pattern] };
  }
  return null;
}

/** The translation key of a page's title: its `title`, else its menu entry's (`admin.nav.<nav>`). */
function titleKeyOf(page) {
  return page.title ?? (page.nav ? `admin.nav.${page.nav}` : undefined);
}

module.exports = { normalisePath, patternPrefix, pageForPath, titleKeyOf };
