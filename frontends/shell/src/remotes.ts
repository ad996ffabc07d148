// Run-time composition: remote URLs come from /config/remotes.json (written by the server),
// are registered with the Module Federation runtime, and each remote becomes a single-spa
// application active on the routes it owns. A remote that fails to load is replaced by an
// error with a retry button (rendered by the shell); the rest of the shell keeps working.
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { registerApplication, start, type LifeCycles, type AppProps } from 'single-spa';
import { REMOTE_NAMES, remoteForPath, type RemoteName } from '@taal/web-shared/routes';
import { createStore } from '@taal/web-shared/store';

export { REMOTE_NAMES };

export type RemoteStatus =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'mounted' }
  | { state: 'error'; retry: () => void };

export const remoteStatus = createStore<Record<RemoteName, RemoteStatus>>(
  Object.fromEntries(REMOTE_NAMES.map((name) => [name, { state: 'idle' }])) as Record<RemoteName, RemoteStatus>,
);

function setStatus(name: RemoteName, status: RemoteStatus) {
  remoteStatus.set({ ...remoteStatus.get(), [name]: status });
}

export type RemotesConfig = Partial<Record<RemoteName, string>>;

export async function fetchRemotesConfig(): Promise<RemotesConfig> {
  try {
    const res = await fetch('/config/remotes.json', { cache: 'no-store' });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return (await res.json()) as RemotesConfig;
  } catch (err) {
    console.error('Could not read /config/remotes.json', err);
    return {};
  }
}

type Props = AppProps & { domElement?: HTMLElement };

let registered = false;
function register(config: RemotesConfig): void {
  if (registered) return;
  registered = true;
  const known = REMOTE_NAMES.filter((n) => config[n]).map((n) => ({ name: n, entry: config[n] as string }));
  if (known.length) registerRemotes(known);
}

/** A remote's lifecycles module, asked for before the shell renders (see prepareRemote). */
const early = new Map<RemoteName, Promise<LifeCycles<Props>>>();

const loadLifecycles = async (name: RemoteName): Promise<LifeCycles<Props>> => {
  const mod = await loadRemote<LifeCycles<Props>>(`${name}/lifecycles`);
  if (!mod || typeof mod.mount !== 'function') throw new Error(`Remote "${name}" exposes no lifecycles`);
  return mod;
};

/**
 * Starts loading and running the module of the remote that owns `pathname` at once, while the
 * shell still waits for its translations and, in Bengali, its font (bootstrap.tsx): the
 * remote's scripts are then evaluated during that wait instead of after it (issue 28: a slow
 * link). Its mount, when single-spa gets there, takes the same module; a failure here is
 * reported and retried by the mount as before.
 */
export function prepareRemote(config: RemotesConfig, pathname: string): void {
  const name = remoteForPath(pathname);
  if (!name || !config[name] || early.has(name)) return;
  register(config);
  const loading = loadLifecycles(name);
  loading.catch(() => undefined); // the mount reports it
  early.set(name, loading);
}

function remoteApp(name: RemoteName, entry: string | undefined): LifeCycles<Props> {
  let real: LifeCycles<Props> | null = null;
  let bootstrapped = false;
  let mounted = false;
  let failures = 0;
  let active: Props | null = null;

  async function load(): Promise<LifeCycles<Props>> {
    if (!entry) throw new Error(`No URL configured for remote "${name}"`);
    // After a failure, register again so the runtime fetches the entry anew.
    if (failures > 0) registerRemotes([{ name, entry }], { force: true });
    const prepared = failures === 0 ? early.get(name) : undefined;
    return prepared ?? loadLifecycles(name);
  }

  async function attempt(props: Props) {
    setStatus(name, { state: 'loading' });
    try {
      real ??= await load();
      if (!bootstrapped) {
        await (real.bootstrap as (p: Props) => Promise<unknown>)(props);
        bootstrapped = true;
      }
      if (active !== props) return; // unmounted (or remounted) meanwhile
      await (real.mount as (p: Props) => Promise<unknown>)(props);
      mounted = true;
      setStatus(name, { state: 'mounted' });
    } catch (err) {
      failures += 1;
      console.error(`Remote "${name}" failed to load`, err);
      if (active === props) setStatus(name, { state: 'error', retry: () => void attempt(props) });
    }
  }

  return {
    bootstrap: async () => undefined,
    mount: async (props) => {
      active = props;
      await attempt(props);
    },
    unmount: async (props) => {
      active = null;
      setStatus(name, { state: 'idle' });
      if (mounted && real) {
        mounted = false;
        await (real.unmount as (p: Props) => Promise<unknown>)(props);
      }
    },
  };
}

let started = false;

export function startRemotes(config: RemotesConfig): void {
  if (started) return;
  started = true;
  register(config);
  for (const name of REMOTE_NAMES) {
    registerApplication<Props>({
      name,
      app: async () => remoteApp(name, config[name]),
      activeWhen: (location) => remoteForPath(location.pathname) === name,
      customProps: () => ({ domElement: document.getElementById(`remote-${name}`) as HTMLElement }) as Props,
    });
  }
  start({ urlRerouteOnly: true });
}
