// Serves the built micro-frontends from the gateway: the shell (with SPA fallback), the
// remotes' assets under /remotes/{name}/, the translations under /assets/locales/, and the
// run-time remote configuration at /config/remotes.json.
import fs from 'node:fs';
import path from 'node:path';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { preloadLinks, remoteOfPath, withPreloads } from './preload';
import { contentSecurityPolicy } from './csp';
import type { RouteTable } from '@taal/web-shared/route-table';
import { pageRecordFound, type RecordExists } from './page-record';
import { firstScreens, rendererFile, withFirstScreen, type FirstScreenReads } from './first-screen';
import { sendPage } from './send-page';

export { contentSecurityPolicy, YOUTUBE_EMBED } from './csp';
export { recordIdOf, type RecordExists } from './page-record';

/** The remotes, as declared once with their pages in @taal/web-shared (src/routes.json, decision 0056). */
const ROUTES_FILE = require.resolve('@taal/web-shared/routes.json');
const ROUTES = JSON.parse(fs.readFileSync(ROUTES_FILE, 'utf8')) as RouteTable;
export const REMOTE_NAMES: readonly string[] = Object.keys(ROUTES.remotes);
export type RemoteName = string;

export interface MountFrontendsOptions {
  /**
   * Where each remote is served from (its folder URL, or the full URL of its remoteEntry.js).
   * Defaults to the same origin (`/remotes/{name}/`). The environment variables
   * REMOTE_STOREFRONT_URL, REMOTE_PANEL_URL and REMOTE_ADMIN_URL take precedence.
   */
  remotesBaseUrl?: Partial<Record<string, string>>;
  /** Folder holding shell/, storefront/, panel/ and admin/ (each with its dist/). Defaults to this repository's frontends/. */
  frontendsDir?: string;
  /** Environment to read REMOTE_*_URL and the social login settings from (defaults to process.env). */
  env?: NodeJS.ProcessEnv;
  /**
   * Google / Facebook sign-in for the browser (served as /config/social-login.json). Defaults
   * to GOOGLE_LOGIN_SCRIPT_URL + GOOGLE_CLIENT_ID and FACEBOOK_LOGIN_SCRIPT_URL +
   * FACEBOOK_APP_ID (+ FACEBOOK_SDK_VERSION); a provider missing either is off.
   */
  socialLogin?: SocialLoginClientConfig;
  /**
   * Whether the record a page shows exists (routes.json's `record`: a course, instructor, freebie,
   * gift card or certificate by id): false answers the page HTTP 404 (it still renders its "not
   * found" view), true or undefined (could not tell) 200. The gateway asks the services (issue 55).
   */
  recordExists?: RecordExists;
  /**
   * How the first screens drawn here (decision 0070) read the API: as the server itself (`header`
   * with `key` on each call, not counted), after `charge` has counted the visitor one read for the
   * page (false: the page is sent without its picture). Without it they read as anyone would.
   */
  firstScreenReads?: FirstScreenReads;
}

/** What the login page needs to offer Google and Facebook sign-in (no secrets). */
export interface SocialLoginClientConfig {
  google?: { scriptUrl: string; clientId: string };
  facebook?: { scriptUrl: string; appId: string; version?: string };
}

/** The repository's frontends/ folder (this file is frontends/web/dist/index.js or frontends/web/src/index.ts). */
export const defaultFrontendsDir = (): string => path.resolve(__dirname, '..', '..');

export const BUILD_COMMAND = 'npm run build:apps -w @taal/web';

export class FrontendsNotBuiltError extends Error {
  constructor(readonly missing: string[]) {
    super(`The frontend build is missing (${missing.join(', ')}). Build it with "${BUILD_COMMAND}" (or "npm run build" at the repository root).`);
    this.name = 'FrontendsNotBuiltError';
  }
}

/** Files whose absence means the frontends have not been built. */
export function missingBuildOutputs(frontendsDir = defaultFrontendsDir()): string[] {
  const required = [path.join('shell', 'dist', 'index.html'), ...REMOTE_NAMES.map((n) => path.join(n, 'dist', 'remoteEntry.js')), path.relative(frontendsDir, rendererFile(frontendsDir))];
  return required.filter((f) => !fs.existsSync(path.join(frontendsDir, f)));
}

function entryUrl(base: string): string {
  if (/\.(js|json)(\?.*)?$/.test(base)) return base;
  return base.endsWith('/') ? `${base}remoteEntry.js` : `${base}/remoteEntry.js`;
}

/** The content of /config/remotes.json: remote name → URL of its remoteEntry.js. */
export function remotesConfig(options: MountFrontendsOptions = {}): Record<RemoteName, string> {
  const env = options.env ?? process.env;
  const out = {} as Record<RemoteName, string>;
  for (const name of REMOTE_NAMES) {
    const fromEnv = env[`REMOTE_${name.toUpperCase()}_URL`];
    out[name] = entryUrl(fromEnv || options.remotesBaseUrl?.[name] || `/remotes/${name}/`);
  }
  return out;
}

const scriptUrl = (value: string | undefined): string | undefined => {
  const v = value?.trim();
  if (!v) return undefined;
  if (v.startsWith('/') && !v.startsWith('//')) return v;
  try {
    const url = new URL(v);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
};

/** The content of /config/social-login.json: only the providers that are fully configured. */
export function socialLoginConfig(options: MountFrontendsOptions = {}): SocialLoginClientConfig {
  if (options.socialLogin) return options.socialLogin;
  const env = options.env ?? process.env;
  const out: SocialLoginClientConfig = {};
  const googleScript = scriptUrl(env.GOOGLE_LOGIN_SCRIPT_URL);
  const googleClient = env.GOOGLE_CLIENT_ID?.trim();
  if (googleScript && googleClient) out.google = { scriptUrl: googleScript, clientId: googleClient };
  const facebookScript = scriptUrl(env.FACEBOOK_LOGIN_SCRIPT_URL);
  const facebookApp = env.FACEBOOK_APP_ID?.trim();
  if (facebookScript && facebookApp) {
    out.facebook = { scriptUrl: facebookScript, appId: facebookApp, ...(env.FACEBOOK_SDK_VERSION?.trim() ? { version: env.FACEBOOK_SDK_VERSION.trim() } : {}) };
  }
  return out;
}

const HASHED = /\/static\//;
const COMPRESSIBLE = /\.(js|css|json|html|svg|txt)$/;

/**
 * Serves the build's precompressed twin of a file (written by build-apps): `.br` to clients that
 * accept brotli, else `.gz` to those that accept gzip; otherwise falls through to express.static.
 */
function precompressed(root: string) {
  const base = path.resolve(root);
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !COMPRESSIBLE.test(req.path)) return next();
    let rel: string;
    try {
      rel = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const file = path.resolve(base, `.${rel}`);
    if (!file.startsWith(base + path.sep)) return next();
    // Brotli whenever it is accepted at all (browsers list gzip first), else gzip.
    const twin = (['br', 'gzip'] as const).find((enc) => req.acceptsEncodings(enc) === enc && fs.existsSync(`${file}.${enc === 'br' ? 'br' : 'gz'}`));
    if (!twin) return next();
    res.setHeader('Content-Encoding', twin);
    res.setHeader('Vary', 'Accept-Encoding');
    res.type(path.extname(file));
    setCacheHeaders(res, file);
    res.sendFile(`${file}.${twin === 'br' ? 'br' : 'gz'}`, (err) => err && next(err));
  };
}

function setCacheHeaders(res: Response, filePath: string) {
  // Content-hashed bundles never change; everything else (index.html, remoteEntry.js,
  // manifests, translations) must be revalidated so a new build is picked up at once.
  res.setHeader('Cache-Control', HASHED.test(filePath.split(path.sep).join('/')) ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/** Paths the UI must never answer: the API, health checks and metrics belong to the gateway. */
const RESERVED = /^\/(api|healthz|readyz|livez|metrics)(\/|$)/;
/** Asset-like paths that are a 404 when no file matched, never the SPA page. */
const ASSET_PREFIX = /^\/(static|remotes|assets|config)(\/|$)/;

/**
 * Mounts the UI on an Express app. Call it after the API routes. Throws
 * FrontendsNotBuiltError when the built assets are missing.
 */
export function mountFrontends(app: Express, options: MountFrontendsOptions = {}): void {
  const dir = options.frontendsDir ?? defaultFrontendsDir();
  const missing = missingBuildOutputs(dir);
  if (missing.length) throw new FrontendsNotBuiltError(missing);

  const remotes = remotesConfig(options);
  const social = socialLoginConfig(options);
  const shellDist = path.join(dir, 'shell', 'dist');
  const indexHtml = path.join(shellDist, 'index.html');
  const staticOptions = { index: false as const, redirect: false, setHeaders: setCacheHeaders };
  const csp = contentSecurityPolicy(remotes, social);
  const pictures = firstScreens(dir, options.firstScreenReads);

  // Every UI answer (the page, the remotes' entries and chunks, fonts, translations, 404s) gets
  // the UI's policy; the gateway has already set the other security headers.
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (!RESERVED.test(req.path)) {
      res.setHeader('Content-Security-Policy', csp);
      res.setHeader('X-Content-Type-Options', 'nosniff');
    }
    next();
  });

  app.get('/config/remotes.json', (_req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(remotes);
  });
  app.get('/config/social-login.json', (_req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(social);
  });
  for (const name of REMOTE_NAMES) {
    app.use(`/remotes/${name}`, (req: Request, res: Response, next: NextFunction) => {
      // Module Federation may load remotes from another origin.
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
      next();
    });
    app.use(`/remotes/${name}`, precompressed(path.join(dir, name, 'dist')), express.static(path.join(dir, name, 'dist'), staticOptions));
  }
  app.use(precompressed(shellDist), express.static(shellDist, staticOptions));

  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || RESERVED.test(req.path)) return next();
    if (ASSET_PREFIX.test(req.path)) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    // Client-side routes get the shell, with preload links for what this route's first screen needs
    // (the language from i18next's cookie). A path no remote owns (routes.json) gets the same page,
    // which shows the 404 page, answered 404.
    res.setHeader('Cache-Control', 'no-cache');
    if (remoteOfPath(ROUTES, req.path) === null) res.status(404);
    const lng = /(?:^|;\s*)i18next=(bn|en)\b/.exec(req.headers.cookie ?? '')?.[1] ?? 'en';
    // A page of one record (a course, instructor, freebie, gift card or certificate) that does not
    // exist is answered 404 too; the page still shows its "not found" view (issue 55).
    // The busiest first visits get their first screen drawn here (decision 0070): not for a missing record.
    pageRecordFound(ROUTES, req, options.recordExists)
      .then(async (found) => {
        if (!found) res.status(404);
        const [html, picture] = await Promise.all([fs.promises.readFile(indexHtml, 'utf8'), found ? pictures.draw(req, lng) : null]);
        const preloads = preloadLinks(dir, ROUTES, remotes, req.path, lng);
        // A drawn Bengali page shows its text at once: its font is needed now, not after the scripts.
        const page = picture === null ? withPreloads(html, preloads) : withFirstScreen(withPreloads(html, preloads.map((l) => l.replace(' fetchpriority="low"', ''))), preloads, picture, lng);
        sendPage(req, res, page);
      })
      .catch(next);
  });
}
