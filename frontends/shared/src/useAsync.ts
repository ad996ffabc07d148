import { useEffect, useId, useState } from 'react';

export interface AsyncState<T> {
  data: T | undefined;
  error: Error | undefined;
  loading: boolean;
}

/**
 * While the server draws a page's first screen (frontends/web/first-screen, decision 0070): each
 * hook's load by its place in the tree (React's useId, the same in every pass over the same tree),
 * and the answers of the loads an earlier pass started. The server renders, waits for what was
 * started, and renders again with the answers. Set on `globalThis.taalServerLoads` for the length
 * of one synchronous render.
 */
export interface ServerLoads {
  started: Map<string, Promise<unknown>>;
  answered: Map<string, { data?: unknown; error?: Error }>;
}

/** On the server, the answer an earlier pass waited for, or the load started for the next pass. */
function serverStart<T>(id: string, load: () => Promise<T>): AsyncState<T> | undefined {
  const loads = (globalThis as { taalServerLoads?: ServerLoads }).taalServerLoads;
  const answer = loads?.answered.get(id);
  if (answer) return { data: answer.data as T | undefined, error: answer.error, loading: false };
  if (loads && !loads.started.has(id)) loads.started.set(id, load());
}

/** Runs `load` whenever `deps` change; ignores results of superseded runs. */
export function useAsync<T>(load: () => Promise<T>, deps: unknown[]): AsyncState<T> & { reload: () => void } {
  const id = useId();
  const [state, setState] = useState<AsyncState<T>>(() => ((typeof FIRST_SCREEN_SERVER !== 'undefined' && FIRST_SCREEN_SERVER) ? serverStart(id, load) : undefined) ?? { data: undefined, error: undefined, loading: true });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    setState((s) => ({ data: s.data, error: undefined, loading: true }));
    load().then(
      (data) => live && setState({ data, error: undefined, loading: false }),
      (error: Error) => live && setState({ data: undefined, error, loading: false }),
    );
    return () => {
      live = false;
    };
  }, [...deps, tick]);
  return { ...state, reload: () => setTick((n) => n + 1) };
}
