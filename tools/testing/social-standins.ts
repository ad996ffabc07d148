/**
 * Local stand-ins for the social login providers, for tests: a JWKS endpoint whose key signs
 * Google-like ID tokens, and a Graph-API-like Facebook endpoint (`debug_token`, `me`).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';

export interface FacebookTestUser {
  userId: string;
  name: string;
  email?: string;
  appId?: string;
}

export interface SocialStandins {
  google: { clientId: string; issuer: string; jwksUrl: string };
  facebook: { appId: string; appSecret: string; graphUrl: string };
  /** Signs a Google-like ID token; override claims to make bad ones. */
  googleIdToken(claims: { sub: string; email?: string; email_verified?: boolean; name?: string; aud?: string; iss?: string; expSeconds?: number }): Promise<string>;
  /** Registers a Facebook user access token the stand-in will vouch for. */
  facebookToken(user: FacebookTestUser): string;
  close(): Promise<void>;
}

export async function startSocialStandins(): Promise<SocialStandins> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' };
  const fbTokens = new Map<string, FacebookTestUser>();
  const appId = '1234567890';
  const appSecret = 'test-app-secret';
  let counter = 0;

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/google/certs') return json(200, { keys: [jwk] });
    if (url.pathname === '/facebook/debug_token') {
      if (url.searchParams.get('access_token') !== `${appId}|${appSecret}`) return json(400, { error: { message: 'bad app token' } });
      const user = fbTokens.get(url.searchParams.get('input_token') ?? '');
      if (!user) return json(200, { data: { is_valid: false } });
      return json(200, { data: { is_valid: true, app_id: user.appId ?? appId, user_id: user.userId, type: 'USER' } });
    }
    if (url.pathname === '/facebook/me') {
      const user = fbTokens.get(url.searchParams.get('access_token') ?? '');
      if (!user) return json(400, { error: { message: 'Invalid OAuth access token' } });
      return json(200, { id: user.userId, name: user.name, ...(user.email ? { email: user.email } : {}) });
    }
    json(404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const google = { clientId: 'taal-test-client.apps.googleusercontent.com', issuer: 'https://accounts.google.com', jwksUrl: `${base}/google/certs` };

  return {
    google,
    facebook: { appId, appSecret, graphUrl: `${base}/facebook` },
    googleIdToken(claims) {
      const now = Math.floor(Date.now() / 1000);
      const { aud, iss, expSeconds, ...rest } = claims;
      return new SignJWT(rest)
        .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
        .setIssuer(iss ?? google.issuer)
        .setAudience(aud ?? google.clientId)
        .setSubject(claims.sub)
        .setIssuedAt(now)
        .setExpirationTime(now + (expSeconds ?? 600))
        .sign(privateKey as CryptoKey);
    },
    facebookToken(user) {
      const token = `fb-token-${++counter}-${user.userId}`;
      fbTokens.set(token, user);
      return token;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
