// The admin side menu and the content role's screens (decision 0020), made from routes.json's
// back-office pages (decision 0056). Compiled into the back office (mf-shared.mjs, NOT_SHARED): the
// shell's first files need none of it.
import { pageAt, pagesOf } from '@taal/web-shared/routes';

type Item = [path: string, navKey: string];
/** The admin side menu: groups in order of their first entry, each with its entries in declaration order. */
export const ADMIN_MENU: readonly { group: string; items: Item[] }[] = (() => {
  const menu: { group: string; items: Item[] }[] = [];
  for (const [pattern, { group, nav }] of pagesOf('admin')) {
    if (!group || !nav) continue;
    const found = menu.find((g) => g.group === group);
    if (found) found.items.push([pattern, nav]);
    else menu.push({ group, items: [[pattern, nav]] });
  }
  return menu;
})();

/** The side menu's group of the page at a path (a list's detail screen declares its list's group), if any. */
export const menuGroupOfPath = (pathname: string): string | undefined => pageAt(pathname)?.group;

/** Every pattern the content role may open (its 8 screens and the freebie's update). */
export const CONTENT_ROLE_PATTERNS: readonly string[] = pagesOf('admin')
  .filter(([, p]) => p.contentRole)
  .map(([pattern]) => pattern);

/** Whether the content role may open a path (its page says so). */
export const contentRoleMayOpen = (pathname: string): boolean => Boolean(pageAt(pathname)?.contentRole);
