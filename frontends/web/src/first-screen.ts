// The first screen drawn on the server (issue 55, decision 0070): on a slow link the browser paints
// the page's content from its HTML, while the scripts that make it an app are still on their way.
// The picture sits in a closed shadow root (nothing of the page's can reach into it: no second copy
// of its ids, its forms or its test ids), beside the app's root, which stays hidden until its own
// first screen is ready (shell/src/first-screen.ts) and then replaces the picture.
import fs from 'node:fs';
import path from 'node:path';
import type { Request } from 'express';

/** What frontends/web/first-screen/render.tsx exports (built to dist/render.cjs by build-apps). */
interface Renderer {
  firstScreenPaths(): string[];
  renderFirstScreen(request: { url: string; lng: string; translations: Record<string, unknown> }): Promise<string | null>;
}

/** The built renderer, beside the shell and the remotes. */
export const rendererFile = (frontendsDir: string): string => path.join(frontendsDir, 'web', 'first-screen', 'dist', 'render.cjs');

/** How long a page waits for its picture: past it, the page is sent without one (the app draws it). */
export const FIRST_SCREEN_MS = 800;
const LANGUAGES = ['en', 'bn'];

/** The origin the server answers on, as the request reached it: the renderer's API calls go there. */
function ownOrigin(req: Request): string {
  const address = (req.socket.localAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  const host = address === '::' || address === '0.0.0.0' ? '127.0.0.1' : address.includes(':') ? `[${address}]` : address;
  return `http://${host}:${req.socket.localPort}`;
}

/** How the renderer's API calls are told from a visitor's (MountFrontendsOptions.firstScreenReads). */
export interface FirstScreenReads {
  header: string;
  key: string;
  /** Counts the visitor one read for the page; false when they are over their limit. */
  charge(req: Request): Promise<boolean>;
}

export interface FirstScreens {
  /** The first screen of the page `req` asks for, in `lng`, as HTML; null for a page not drawn here, or when it could not be drawn in time. */
  draw(req: Request, lng: string): Promise<string | null>;
}

export function firstScreens(frontendsDir: string, reads?: FirstScreenReads, log: (message: string) => void = console.error): FirstScreens {
  const translations = Object.fromEntries(
    LANGUAGES.map((lng) => [lng, JSON.parse(fs.readFileSync(path.join(frontendsDir, 'shell', 'dist', 'assets', 'locales', lng, 'translation.json'), 'utf8')) as unknown]),
  );
  // Loaded at the first page: its API client takes the origin the server answers on, known then.
  let renderer: Renderer | null = null;
  const load = (req: Request): Renderer => {
    if (!renderer) {
      Object.assign(globalThis, { taalApiOrigin: ownOrigin(req), taalApiHeaders: reads ? { [reads.header]: reads.key } : {} });
      renderer = require(rendererFile(frontendsDir)) as Renderer;
    }
    return renderer;
  };
  return {
    async draw(req, lng) {
      if (!load(req).firstScreenPaths().includes(req.path)) return null;
      if (reads && !(await reads.charge(req))) return null;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), FIRST_SCREEN_MS);
      });
      const drawing = load(req).renderFirstScreen({ url: req.originalUrl, lng, translations }).catch((failure: Error) => {
        log(`the first screen of ${req.path} could not be drawn: ${failure.message}`);
        return null;
      });
      try {
        return await Promise.race([drawing, late]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

const hrefs = (tags: string, pattern: RegExp): string[] => [...tags.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!).filter((h) => pattern.test(h));

/** The tags that load the app (its scripts, and the scripts and data it preloads), not what the picture needs. */
const APP_LOADS = /<script\b[^>]*><\/script>|<link rel="preload"[^>]*as="(?:script|fetch)"[^>]*>|<link href="[^"]+\.js" rel="preload" as="script">/g;

/**
 * The page with its picture: the stylesheets the picture needs in the head (render-blocking, so it
 * is never painted unstyled; the app's scripts find them there and do not load them again), and
 * the picture before the app's root, in a closed shadow root with the same stylesheets.
 *
 * A Bengali picture waits hidden for its font, asked for at once (shell/public/first-screen.js,
 * or without scripts a stylesheet shows it). The app's scripts and preloads wait in a template
 * until the picture is shown: on a slow link they shared the line with the font, and took the
 * picture from 0.6 s to 1.4 s; after it, they take the line alone.
 */
export function withFirstScreen(html: string, preloads: string[], picture: string, lng: string): string {
  const styles = [...new Set([...hrefs(html, /\.css$/), ...hrefs(preloads.join(''), /\.css$/)])];
  const sheets = styles.map((href) => `<link rel="stylesheet" href="${href}">`).join('');
  const shadow = `<template shadowrootmode="closed">${sheets}${picture}</template>`;
  if (lng !== 'bn') {
    return html.replace('</head>', `${sheets}</head>`).replace('<div id="root"></div>', `<div id="first-screen">${shadow}</div><div id="root"></div>`);
  }
  const head = html.slice(0, html.indexOf('</head>'));
  const later = head.match(APP_LOADS) ?? [];
  return `${head.replace(APP_LOADS, '')}${sheets}${html.slice(head.length)}`.replace(
    '<div id="root"></div>',
    '<div id="first-screen" hidden><noscript><link rel="stylesheet" href="/first-screen-noscript.css"></noscript>' +
      `${shadow}</div><template id="first-screen-later">${later.join('')}</template>` +
      '<script async fetchpriority="high" src="/first-screen.js"></script><div id="root"></div>',
  );
}
