// The UI's Content-Security-Policy, from where the remotes and the sign-in providers are served.
import type { SocialLoginClientConfig } from './index';

/** The origin (or, for a protocol-relative URL, the host) of an absolute URL; undefined for a same-origin path. */
function originOf(url: string): string | undefined {
  const v = url.trim();
  if (v.startsWith('//')) {
    try {
      return new URL(`https:${v}`).host;
    } catch {
      return undefined;
    }
  }
  if (v.startsWith('/')) return undefined;
  try {
    const u = new URL(v);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : undefined;
  } catch {
    return undefined;
  }
}

const unique = (values: (string | undefined)[]) => [...new Set(values.filter((v): v is string => Boolean(v)))];

/** Where freebie videos are embedded from (`/embed/<id>`). */
export const YOUTUBE_EMBED = 'https://www.youtube-nocookie.com';

/**
 * The Content-Security-Policy of the UI, derived from /config/remotes.json and
 * /config/social-login.json: scripts only from this origin, the remotes' origins (a remote
 * served elsewhere loads its chunks, styles, fonts and images from there) and the configured
 * sign-in providers' script origins; no inline script, no eval, no inline style (React's style
 * props go through the CSSOM, which CSP does not restrict); fonts and images from the same
 * origin (plus data: for the favicon and blob: for the photo previews); media and workers from the
 * same origin and blob: (hls.js); never framed.
 */
export function contentSecurityPolicy(remotes: Record<string, string>, social: SocialLoginClientConfig = {}): string {
  const remoteOrigins = unique(Object.values(remotes).map(originOf));
  const google = social.google ? originOf(social.google.scriptUrl) : undefined;
  const facebook = social.facebook ? originOf(social.facebook.scriptUrl) : undefined;
  // The Facebook SDK is served from connect.facebook.net but opens its dialogs from facebook.com.
  const facebookFrames = facebook === 'https://connect.facebook.net' ? 'https://*.facebook.com' : undefined;
  const list = (...values: (string | undefined)[]) => unique(values).join(' ');
  const directives: [string, string][] = [
    ['default-src', "'self'"],
    ['script-src', list("'self'", ...remoteOrigins, google, facebook)],
    ['style-src', list("'self'", ...remoteOrigins, google)],
    ['img-src', list("'self'", 'data:', 'blob:', ...remoteOrigins)],
    ['font-src', list("'self'", ...remoteOrigins)],
    ['connect-src', list("'self'", ...remoteOrigins, google, facebook, facebookFrames)],
    // The lesson player's adaptive streaming (issue 24): hls.js feeds the video through Media
    // Source Extensions (a blob: URL) and transmuxes in a worker it makes from a blob.
    ['media-src', list("'self'", 'blob:')],
    ['worker-src', list("'self'", 'blob:')],
    // Freebie videos are YouTube embeds by id, from the privacy-enhanced host only (decision 0017).
    ['frame-src', list(YOUTUBE_EMBED, google, facebook, facebookFrames)],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map(([name, value]) => `${name} ${value}`).join('; ');
}
