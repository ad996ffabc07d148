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
/** A tuning fork (the header's tuner, issue 54). */
export const TunerIcon = () => (
  <svg {...base}>
    <path d="M9 2v8a3 3 0 0 0 6 0V2" />
    <path d="M12 13v9" />
  </svg>
);
export const UserIcon = () => (
  <svg {...base}>
    <path d="M20 21v-2a4 4 0 0 0-4-4H8a4 4 0 0 0-4 4v2" />
    <circle cx="12" cy="7" r="4" />
  </svg>
);
export const SearchIcon = () => (
  <svg {...base} width={18} height={18}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
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

/**
 * The logo's "তাল", drawn from Noto Sans Bengali ExtraBold's glyph outlines (SIL OFL 1.1;
 * tools/logo/brand-mark.py regenerates it): it renders on machines without any Bengali font,
 * and an English page needs no Bengali web font for it.
 */
export const BrandMark = () => (
  <span className="brand-mark" role="img" aria-label="তাল">
    <svg viewBox="-10 -1005 1793 1500" fill="currentColor" aria-hidden="true" focusable="false">
      <path d="M420 -3Q321 -3 242 -48Q163 -92 105 -188Q47 -283 10 -437L146 -472Q173 -366 208 -294Q244 -223 294 -186Q344 -149 413 -149Q442 -149 466 -156Q489 -164 506 -179Q524 -194 533 -215Q542 -236 542 -264Q542 -310 521 -335Q509 -349 493 -355Q495 -345 495 -335Q495 -289 466 -262Q438 -234 386 -234Q335 -234 303 -266Q271 -299 271 -349Q271 -409 317 -446Q363 -483 438 -483Q525 -483 580 -450Q636 -418 664 -362Q692 -307 692 -238Q692 -172 662 -118Q632 -65 572 -34Q511 -3 420 -3ZM-10 -510V-634H730V-510ZM1018 -634V-510H941V0H786V-447Q777 -480 759 -495Q741 -510 714 -510H710V-634H729Q759 -634 787 -603Q791 -598 795 -592Q793 -617 793 -637V-707H916L940 -634ZM1552 0V-291Q1546 -298 1539 -305Q1519 -321 1495 -321Q1476 -321 1464 -308Q1453 -296 1453 -267Q1453 -256 1454 -247Q1455 -238 1456 -231L1339 -225Q1329 -273 1306 -300Q1282 -327 1244 -327Q1222 -327 1208 -318Q1194 -309 1187 -294Q1180 -279 1180 -259Q1180 -248 1182 -239Q1203 -250 1229 -250Q1276 -250 1300 -223Q1325 -196 1325 -159Q1325 -117 1296 -90Q1268 -62 1208 -62Q1154 -62 1114 -88Q1074 -113 1052 -158Q1029 -203 1029 -260Q1029 -321 1052 -364Q1075 -408 1116 -432Q1158 -456 1215 -456Q1267 -456 1313 -433Q1341 -418 1363 -396Q1379 -420 1400 -433Q1430 -450 1464 -450Q1508 -450 1540 -429Q1548 -424 1555 -417Q1554 -421 1554 -426Q1552 -448 1552 -461V-510H998V-634H1783V-510H1707V0Z" />
    </svg>
  </span>
);
