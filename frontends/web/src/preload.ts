// What the first screen needs, named in the page itself (issue 28: a slow link). Without it the
// browser learns each file only when the one before it has run: the page, the shell, the shared
// modules, /config/remotes.json, the translations, the route's remoteEntry.js, its module, each a
// round trip after the previous. `<link rel="preload">` for all of them lets them load at once.
import fs from 'node:fs';
import path from 'node:path';

interface Manifest {
  shared?: { assets: { js: { sync: string[] }; css: { sync: string[] } } }[];
  exposes?: { assets: { js: { sync: string[] }; css: { sync: string[] } } }[];
}

interface Routes {
  remotes: Record<string, { exact: string[]; prefix: string[] }>;
}

/** The remote that owns a path (the same rule as @taal/web-shared/routes), or null. */
export function remoteOfPath(routes: Routes, pathname: string): string | null {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const [name, r] of Object.entries(routes.remotes)) {
    if (r.exact.includes(p) || r.prefix.some((x) => pathname.startsWith(x) && pathname.length > x.length)) return name;
  }
  return null;
}

const readManifest = (file: string): Manifest => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  } catch {
    return {};
  }
};

const link = (href: string, as: 'script' | 'style' | 'fetch') => `<link rel="preload" href="${href}" as="${as}"${as === 'fetch' ? ' crossorigin="anonymous"' : ''}>`;

/**
 * The preload links for a page: the shell's shared modules (React, i18next, @taal/web-shared),
 * the remotes map, the translations of `lng`, and the route's remote entry with its module's
 * files (`remoteEntryUrl` from /config/remotes.json; its folder holds the remote's assets).
 */
export function preloadLinks(frontendsDir: string, routes: Routes, remotes: Record<string, string>, pathname: string, lng: string): string[] {
  const shell = readManifest(path.join(frontendsDir, 'shell', 'dist', 'mf-manifest.json'));
  const links = new Set<string>();
  for (const s of shell.shared ?? []) {
    for (const f of s.assets.css.sync) links.add(link(`/${f}`, 'style'));
    for (const f of s.assets.js.sync) links.add(link(`/${f}`, 'script'));
  }
  links.add(link('/config/remotes.json', 'fetch'));
  for (const ns of ['translation', 'refusals']) links.add(link(`/assets/locales/${lng}/${ns}.json`, 'fetch'));
  const remote = remoteOfPath(routes, pathname);
  const entry = remote ? remotes[remote] : undefined;
  if (remote && entry) {
    links.add(link(entry, 'script'));
    const base = entry.slice(0, entry.lastIndexOf('/') + 1);
    const manifest = readManifest(path.join(frontendsDir, remote, 'dist', 'mf-manifest.json'));
    for (const e of manifest.exposes ?? []) {
      for (const f of e.assets.css.sync) links.add(link(`${base}${f}`, 'style'));
      for (const f of e.assets.js.sync) links.add(link(`${base}${f}`, 'script'));
    }
  }
  return [...links];
}

/** The page with the links at the end of its <head>. */
export function withPreloads(html: string, links: string[]): string {
  return html.replace('</head>', `${links.join('')}</head>`);
}
