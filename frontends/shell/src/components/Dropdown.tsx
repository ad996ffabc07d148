import { useEffect, useRef, useState, type ReactNode } from 'react';

/** A button that opens a panel; closes on outside click, Escape and navigation. */
export function Dropdown({
  label,
  buttonClass = 'nav-link',
  ariaLabel,
  testId,
  align = 'left',
  children,
}: {
  label: ReactNode;
  buttonClass?: string;
  ariaLabel?: string;
  testId?: string;
  align?: 'left' | 'right';
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDoc = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    const onNav = () => setOpen(false);
    document.addEventListener('mousedown', onDoc);
    document.addEventListener('keydown', onKey);
    window.addEventListener('popstate', onNav);
    return () => {
      document.removeEventListener('mousedown', onDoc);
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('popstate', onNav);
    };
  }, [open]);
  return (
    <div className="dropdown" ref={ref} data-testid={testId}>
      <button
        type="button"
        className={buttonClass}
        aria-haspopup="true"
        aria-expanded={open}
        aria-label={ariaLabel}
        onClick={() => setOpen((o) => !o)}
      >
        {label}
      </button>
      {open && <div className={`dropdown-panel dropdown-${align}`}>{children(() => setOpen(false))}</div>}
    </div>
  );
}
