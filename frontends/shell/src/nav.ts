import { useEffect, useState } from 'react';
import { navigateToUrl } from 'single-spa';

/** Client-side navigation from the shell (single-spa tells every mounted remote's router). */
export function go(event: React.MouseEvent<HTMLAnchorElement>) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  navigateToUrl(event.currentTarget.href);
}

const current = () => window.location.pathname + window.location.search;

/** The current path+query, updated on every navigation (any app's). */
export function useLocationKey(): string {
  const [loc, setLoc] = useState(current);
  useEffect(() => {
    const update = () => setLoc(current());
    window.addEventListener('popstate', update);
    window.addEventListener('single-spa:routing-event', update);
    return () => {
      window.removeEventListener('popstate', update);
      window.removeEventListener('single-spa:routing-event', update);
    };
  }, []);
  return loc;
}
