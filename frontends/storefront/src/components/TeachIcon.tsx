// The landing's "What we teach" icons, drawn as inline SVG (issue 55): the emoji they were showed as
// empty boxes on a machine without an emoji font. Each is named by the translation's `icon` key;
// they take the text's colour (currentColor) and are decorative (the card's title names them).
import type { ReactNode } from 'react';

const PATHS: Record<string, ReactNode> = {
  // An acoustic guitar: the body, its sound hole, the neck and the head.
  guitar: (
    <>
      <path d="M14.5 9.5 20 4" />
      <path d="m18.5 2.5 3 3" />
      <path d="M10.2 8.3c1.9-.5 3.9 0 5 1.2 1.2 1.2 1.6 3.1 1.1 4.9-.4 1.4-1.6 2-2.6 2.3-.4 1.6-1.1 3.2-2.6 4.2-2.3 1.5-5.6 1.1-7.4-.8-1.9-1.9-2.3-5.1-.8-7.4 1-1.5 2.6-2.2 4.2-2.6.3-1 .9-2.2 2.3-2.6Z" />
      <circle cx="10" cy="14" r="1.6" />
    </>
  ),
  // A bass guitar's long neck over a slim body, with its four strings' pegs.
  bass: (
    <>
      <path d="M13 11 21 3" />
      <path d="M17.5 3.5 19 5M19.5 1.5 21 3M20 6l1.5 1.5" />
      <path d="M8.5 10.5c1.5-1.2 3.6-1.1 4.8.1 1.2 1.2 1.3 3.3.1 4.8-.8 1-1.9 1.2-2.6 1.9-.8.8-.8 2.3-1.9 3.4-1.6 1.6-4.4 1.6-6-.1-1.7-1.7-1.7-4.4-.1-6 1.1-1.1 2.6-1.1 3.4-1.9.7-.7.9-1.8 2.3-2.2Z" />
      <path d="m6.5 14.5 3 3" />
    </>
  ),
  // A drum with its sticks.
  drums: (
    <>
      <ellipse cx="12" cy="11" rx="8" ry="3" />
      <path d="M4 11v6c0 1.7 3.6 3 8 3s8-1.3 8-3v-6" />
      <path d="M8 13.8v5.8M16 13.8v5.8" />
      <path d="M6 2.5 11 9M18 2.5 13 9" />
    </>
  ),
  // A keyboard: white keys with black keys between them.
  keys: (
    <>
      <rect x="2.5" y="5" width="19" height="14" rx="1.5" />
      <path d="M7.25 19v-5M12 19v-5M16.75 19v-5" />
      <path d="M5.6 5v9h3.3V5M10.4 5v9h3.2V5M15.1 5v9h3.3V5" fill="currentColor" />
    </>
  ),
  // A mixing desk's three faders.
  mixer: (
    <>
      <path d="M6 3v18M12 3v18M18 3v18" />
      <rect x="4" y="13" width="4" height="3" rx="0.8" fill="currentColor" />
      <rect x="10" y="6" width="4" height="3" rx="0.8" fill="currentColor" />
      <rect x="16" y="10" width="4" height="3" rx="0.8" fill="currentColor" />
    </>
  ),
};

/** The icon named `name` (guitar, bass, drums, keys, mixer); a note for any other name. */
export function TeachIcon({ name }: { name: string }) {
  return (
    <svg
      className="teach-icon"
      viewBox="0 0 24 24"
      width="40"
      height="40"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-icon={name}
    >
      {PATHS[name] ?? (
        <>
          <path d="M9 18V5l11-2v13" />
          <circle cx="6" cy="18" r="3" />
          <circle cx="17" cy="16" r="3" />
        </>
      )}
    </svg>
  );
}
