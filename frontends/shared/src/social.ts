// Google and Facebook sign-in. The providers' scripts are not bundled: their URLs (and the
// client / app ids) come at run time from /config/social-login.json, written by the server
// like /config/remotes.json. A provider without a script URL is unavailable (its button is
// disabled); nothing is ever faked. Whatever script is configured must offer the providers'
// usual browser API:
//   Google Identity Services: google.accounts.id.initialize({ client_id, callback }) and
//     google.accounts.id.prompt(); the callback receives { credential } (an ID token).
//   Facebook JS SDK: FB.init({ appId, version }) and FB.login(cb, { scope }); the callback
//     receives { authResponse: { accessToken, userID } }.

export interface SocialLoginConfig {
  google?: { scriptUrl: string; clientId: string };
  facebook?: { scriptUrl: string; appId: string; version?: string };
}

interface GoogleId {
  initialize(options: { client_id: string; callback: (response: { credential?: string }) => void; cancel_on_tap_outside?: boolean; use_fedcm_for_prompt?: boolean }): void;
  prompt(listener?: (notification: { isNotDisplayed?: () => boolean; isSkippedMoment?: () => boolean; isDismissedMoment?: () => boolean; getDismissedReason?: () => string }) => void): void;
}
interface FacebookSdk {
  init(options: { appId: string; version: string; cookie?: boolean; xfbml?: boolean }): void;
  login(callback: (response: { authResponse?: { accessToken?: string; userID?: string } | null; status?: string }) => void, options?: { scope?: string }): void;
}
type ProviderWindow = Window & { google?: { accounts?: { id?: GoogleId } }; FB?: FacebookSdk };

export class SocialLoginCancelled extends Error {}

let configPromise: Promise<SocialLoginConfig> | null = null;

/** The run-time configuration; `{}` (both providers off) when it cannot be read. */
export function socialLoginConfig(): Promise<SocialLoginConfig> {
  configPromise ??= fetch('/config/social-login.json', { cache: 'no-store' })
    .then((res) => (res.ok ? (res.json() as Promise<SocialLoginConfig>) : {}))
    .catch(() => ({}));
  return configPromise;
}

const scripts = new Map<string, Promise<void>>();

function loadScript(src: string): Promise<void> {
  let p = scripts.get(src);
  if (!p) {
    p = new Promise<void>((resolve, reject) => {
      const el = document.createElement('script');
      el.src = src;
      el.async = true;
      el.onload = () => resolve();
      el.onerror = () => {
        scripts.delete(src);
        el.remove();
        reject(new Error(`Could not load ${src}`));
      };
      document.head.appendChild(el);
    });
    scripts.set(src, p);
  }
  return p;
}

/** Asks Google for an ID token (the `tokenId` of POST user/googlelogin). */
export async function googleIdToken(config: NonNullable<SocialLoginConfig['google']>): Promise<string> {
  await loadScript(config.scriptUrl);
  const id = (window as ProviderWindow).google?.accounts?.id;
  if (!id) throw new Error('Google sign-in script did not load');
  return new Promise<string>((resolve, reject) => {
    id.initialize({
      client_id: config.clientId,
      cancel_on_tap_outside: true,
      callback: (response) => (response?.credential ? resolve(response.credential) : reject(new SocialLoginCancelled('no credential'))),
    });
    id.prompt((n) => {
      if (n?.isNotDisplayed?.() || n?.isSkippedMoment?.()) reject(new SocialLoginCancelled('prompt not shown'));
      else if (n?.isDismissedMoment?.() && n.getDismissedReason?.() !== 'credential_returned') reject(new SocialLoginCancelled('dismissed'));
    });
  });
}

/** Asks Facebook for a user access token and id (the body of POST user/fblogin). */
export async function facebookAccessToken(config: NonNullable<SocialLoginConfig['facebook']>): Promise<{ accessToken: string; userID: string }> {
  await loadScript(config.scriptUrl);
  const fb = (window as ProviderWindow).FB;
  if (!fb) throw new Error('Facebook SDK did not load');
  fb.init({ appId: config.appId, version: config.version || 'v19.0', cookie: false, xfbml: false });
  return new Promise((resolve, reject) => {
    fb.login(
      (response) => {
        const auth = response?.authResponse;
        if (auth?.accessToken && auth.userID) resolve({ accessToken: auth.accessToken, userID: String(auth.userID) });
        else reject(new SocialLoginCancelled('not authorised'));
      },
      { scope: 'public_profile,email' },
    );
  });
}
