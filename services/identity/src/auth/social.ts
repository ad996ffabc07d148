/**
 * Social login checks. Google: the ID token is verified with jose against Google's JWKS
 * (URL, audience = our client id, issuers all configurable). Facebook: the user access
 * token is checked with the Graph API's `debug_token` (valid, issued to our app, for the
 * claimed user) and the profile read from `me`. Both endpoints are configurable so tests
 * run against local stand-ins.
 */
import { createRemoteJWKSet, jwtVerify, errors } from 'jose';

export interface SocialProfile {
  /** Provider's stable user id (Google `sub`, Facebook user id). */
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

export interface GoogleConfig {
  clientId: string;
  jwksUrl: string;
  issuers: string[];
}

export interface FacebookConfig {
  appId: string;
  appSecret: string;
  /** e.g. https://graph.facebook.com/v19.0 */
  graphUrl: string;
}

/** Thrown when the provider does not vouch for the token; the caller answers "login failed". */
export class SocialLoginRejected extends Error {}

export function googleVerifier(config: GoogleConfig) {
  const jwks = createRemoteJWKSet(new URL(config.jwksUrl), { timeoutDuration: 5000 });
  return async (idToken: string): Promise<SocialProfile> => {
    if (!idToken || idToken.length > 8192) throw new SocialLoginRejected('missing id token');
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(idToken, jwks, {
        issuer: config.issuers,
        audience: config.clientId,
        algorithms: ['RS256', 'ES256'],
      }));
    } catch (err) {
      if (err instanceof errors.JOSEError) throw new SocialLoginRejected(`google token rejected: ${err.code}`);
      throw err;
    }
    const { sub, email, email_verified: verified, name } = payload;
    if (typeof sub !== 'string' || !sub) throw new SocialLoginRejected('google token has no subject');
    return {
      subject: sub,
      email: typeof email === 'string' ? email : '',
      emailVerified: verified === true || verified === 'true',
      name: typeof name === 'string' && name.trim() ? name.trim() : typeof email === 'string' ? email.split('@')[0]! : 'Google user',
    };
  };
}

async function getJson(url: URL): Promise<Record<string, unknown>> {
  const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) throw new SocialLoginRejected(`facebook answered ${res.status}`);
  return body;
}

export function facebookVerifier(config: FacebookConfig) {
  const base = config.graphUrl.replace(/\/+$/, '');
  return async (accessToken: string, userId: string): Promise<SocialProfile> => {
    if (!accessToken || !userId) throw new SocialLoginRejected('missing facebook token or user id');
    const debug = new URL(`${base}/debug_token`);
    debug.searchParams.set('input_token', accessToken);
    debug.searchParams.set('access_token', `${config.appId}|${config.appSecret}`);
    const data = ((await getJson(debug)).data ?? {}) as Record<string, unknown>;
    if (data.is_valid !== true || String(data.app_id) !== config.appId || String(data.user_id) !== userId) {
      throw new SocialLoginRejected('facebook token is not valid for this app and user');
    }
    const me = new URL(`${base}/me`);
    me.searchParams.set('fields', 'id,name,email');
    me.searchParams.set('access_token', accessToken);
    const profile = await getJson(me);
    if (String(profile.id) !== userId) throw new SocialLoginRejected('facebook profile does not match the user id');
    const email = typeof profile.email === 'string' ? profile.email : '';
    return {
      subject: userId,
      email,
      // Facebook only returns addresses it has confirmed.
      emailVerified: email !== '',
      name: typeof profile.name === 'string' && profile.name.trim() ? profile.name.trim() : 'Facebook user',
    };
  };
}
