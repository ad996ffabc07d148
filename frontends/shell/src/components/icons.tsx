// Inline SVG icons (no icon font, no extra requests).
const base = { width: 22, height: 22, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round' as const, strokeLinejoin: 'round' as const, 'aria-hidden': true };

export const BellIcon = () => (
  <svg {...base}>
    <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
    <path d="M13.7 21a2 2 0 0 1-3.4 0" />
  </svg>
);
export const CartIcon = () => (
  <svg {...base}>
    <circle cx="9" cy="21" r="1" />
    <circle cx="20" cy="21" r="1" />
    <path d="M1 1h4l2.7 13.4a2 2 0 0 0 2 1.6h9.7a2 2 0 0 0 2-1.6L23 6H6" />
  </svg>
);
export const UserIcon = () => (
  <svg {...base}>
    <path d="M20 21v-2a4 4 0 0 0-4-4H8a4 4 0 0 0-4 4v2" />
    <circle cx="12" cy="7" r="4" />
  </svg>
);
export const GlobeIcon = () => (
  <svg {...base} width={18} height={18}>
    <circle cx="12" cy="12" r="10" />
    <path d="M2 12h20M12 2a15 15 0 0 1 0 20M12 2a15 15 0 0 0 0 20" />
  </svg>
);
export const EmptyInboxPicture = () => (
  <svg width="120" height="80" viewBox="0 0 120 80" aria-hidden="true">
    <rect x="20" y="20" width="80" height="50" rx="6" fill="#f1ece4" stroke="#c9b79c" />
    <path d="M20 45h25l5 8h20l5-8h25" fill="none" stroke="#c9b79c" strokeWidth="2" />
    <circle cx="60" cy="12" r="6" fill="#e8a33d" opacity=".6" />
  </svg>
);
