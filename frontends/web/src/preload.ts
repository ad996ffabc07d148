// What the first screen needs, named in the page itself (issue 28: a slow link). Without it the
// browser learns each file only when the one before it has run: the page, the shell, the
// remotes map, the translations, the route's remoteEntry.js, its module, the shared modules that
// module needs, the route's page, the data it shows, each a round trip after the previous.
// `<link rel="preload">` for all of them lets them load at once.
import fs from 'node:fs';
import path from 'node:path';
import { pageForPath, type RouteTable } from '@taal/web-shared/route-table';

/** A part of a remote's preload.json: its files, and the shared modules its code consumes. */
interface Part {
  files: string[];
  shared: string[];
}

/** What a remote's build writes to dist/preload.json (frontends/shared/rsbuild-base.mjs). */
interface RemotePreloads {
  expose?: Part;
  shared?: Record<string, Part>;
  routes?: Record<string, Part>;
}

/** The remote that owns a path (the one rule of @taal/web-shared's route-table.js, as the shell's), or null. */
export const remoteOfPath = (routes: RouteTable, pathname: string): string | null => pageForPath(routes, pathname)?.remote ?? null;

const readJson = <T extends object>(file: string): Partial<T> => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return {};
  }
};

/** The chunk group a remote names for the first screen of a path (see rsbuild-base.mjs): `route-<first segment>`. */
export const routeChunkName = (pathname: string): string => `route-${pathname.split('/').find(Boolean) ?? 'index'}`;

// The font is asked for at low priority: a Bengali page renders (hidden) while its font downloads
// (shell/src/bootstrap.tsx), so the scripts that rendering needs should come first on a slow link.
const link = (href: string, as: 'script' | 'style' | 'fetch' | 'font') =>
  `<link rel="preload" href="${href}" as="${as}"${as === 'font' ? ' type="font/woff2" fetchpriority="low"' : ''}${as === 'fetch' || as === 'font' ? ' crossorigin="anonymous"' : ''}>`;

/**
 * The self-hosted Bengali font's files a Bengali first screen waits for, in the shell's build: the
 * regular weight only (shell/src/fonts.ts: the bold follows the first screen), subset by
 * tools/fonts/subset-bengali.py.
 */
function bengaliFonts(frontendsDir: string): string[] {
  try {
    return fs
      .readdirSync(path.join(frontendsDir, 'shell', 'dist', 'static', 'font'))
      .filter((f) => /^noto-sans-bengali-bengali-400-normal\.[0-9a-f]+\.woff2$/.test(f))
      .map((f) => `/static/font/${f}`);
  } catch {
    return [];
  }
}

/**
 * The preload links for a page: the shell's shared modules (React, i18next, @taal/web-shared),
 * the remotes map, the screens' translations in `lng` (and in Bengali its font), and for the route's
 * remote (`remoteEntryUrl` from /config/remotes.json; its folder holds the remote's assets):
 * its entry, its exposed module,
 * the chunks of the route's page, the remote's own copies of the shared modules these need
 * which the shell does not provide (React Router, the single-spa lifecycles…), and the API
 * answers routes.json names for the route's page (`data`: the URLs its first screen asks for).
 */
export function preloadLinks(frontendsDir: string, routes: RouteTable, remotes: Record<string, string>, pathname: string, lng: string): string[] {
  const shell = readJson<{ shared: { name: string; assets: { js: { sync: string[] }; css: { sync: string[] } } }[] }>(
    path.join(frontendsDir, 'shell', 'dist', 'mf-stats.json'),
  );
  const links = new Set<string>();
  const add = (href: string) => links.add(link(href, href.endsWith('.css') ? 'style' : 'script'));
  for (const s of shell.shared ?? []) for (const f of [...s.assets.css.sync, ...s.assets.js.sync]) add(`/${f}`);
  links.add(link('/config/remotes.json', 'fetch'));
  // The screens' texts; the refusals' (shell/src/i18n.ts) come after the first screen.
  links.add(link(`/assets/locales/${lng}/translation.json`, 'fetch'));
  // A Bengali page waits for its font before drawing text (shell/src/fonts.ts): fetch it at once.
  if (lng === 'bn') for (const f of bengaliFonts(frontendsDir)) links.add(link(f, 'font'));
  const match = pageForPath(routes, pathname);
  const remote = match?.remote;
  const entry = remote ? remotes[remote] : undefined;
  if (!match || !remote || !entry) return [...links];

  links.add(link(entry, 'script'));
  const base = entry.slice(0, entry.lastIndexOf('/') + 1);
  const own = readJson<RemotePreloads>(path.join(frontendsDir, remote, 'dist', 'preload.json'));
  const provided = new Set((shell.shared ?? []).map((s) => s.name));
  const seen = new Set<string>();
  const addPart = (part: Part | undefined) => {
    for (const f of part?.files ?? []) add(`${base}${f}`);
    for (const name of part?.shared ?? []) {
      if (provided.has(name) || seen.has(name)) continue;
      seen.add(name);
      addPart(own.shared?.[name]);
    }
  };
  addPart(own.expose);
  addPart(own.routes?.[routeChunkName(pathname)]);
  for (const url of match.page.data ?? []) links.add(link(url, 'fetch'));
  return [...links];
}

/** The page with the links at the end of its <head>, but for files its own tags already load. */
export function withPreloads(html: string, links: string[]): string {
  const fresh = links.filter((l) => !html.includes(`"${/href="([^"]+)"/.exec(l)?.[1]}"`));
  return html.replace('</head>', `${fresh.join('')}</head>`);
}
