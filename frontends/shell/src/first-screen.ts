// The server's picture of the first screen (frontends/web/src/first-screen.ts, decision 0070) is
// shown until the app's own first screen is ready: the route's remote mounted and nothing of the
// page still loading. Then the picture goes and the app is shown in its place, at once.

/** Past this the app is shown whatever it still loads (a page whose data is slow keeps its spinner). */
const GIVE_UP_MS = 4000;

/** The server's picture, when the page came with one. */
export const firstScreenPicture = (): HTMLElement | null => document.getElementById('first-screen');

/** Whether the app's page in `root` has drawn its first screen. */
function drawn(root: HTMLElement): boolean {
  const slot = root.querySelector('section.remote-slot:not([hidden]) > div[id^="remote-"]');
  // (A video's own spinner is not the page loading: the course page's player may wait long for its video.)
  return !!slot && slot.childElementCount > 0 && !root.querySelector('main .page-loading, main [aria-busy="true"]');
}

/** Resolves once the app in `root` (hidden meanwhile) has drawn its first screen, or after GIVE_UP_MS. */
export function appDrawn(root: HTMLElement): Promise<void> {
  const started = Date.now();
  return new Promise((resolve) => {
    // Looked at every 50 ms: a few seconds at most, and less code than watching every change.
    const look = () => (drawn(root) || Date.now() - started > GIVE_UP_MS ? resolve() : setTimeout(look, 50));
    look();
  });
}
