// Whether the page is on screen yet (issue 28): a Bengali first visit renders hidden until its
// font is in (the shell's bootstrap), and a hidden element cannot take focus. A dialog that opens
// with the page (the landing popup) focuses once this resolves.
let markShown!: () => void;
const shown = new Promise<void>((resolve) => (markShown = resolve));

/** Resolves once the shell shows the page (at its first render when it was never hidden). */
export const whenPageShown = (): Promise<void> => shown;

/** The shell's: the page is on screen. */
export const pageShown = (): void => markShown();
