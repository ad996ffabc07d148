// The admin layout (back office §2): a collapsible side menu, 240 px wide, whose groups open
// according to the current path.
import { useEffect, useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { UserRoles } from '@taal/contracts/web';
import { useVerifiedSession } from '@taal/web-shared/auth';
import { useTranslation } from '@taal/web-shared/i18n';
import { linkTo } from '@taal/web-shared/routes';
import { ADMIN_MENU, CONTENT_ROLE_PATTERNS, contentRoleMayOpen, menuGroupOfPath } from '@taal/web-shared/admin-menu';

export const SIDE_MENU_WIDTH = 240;

/** The side menu, made from routes.json's pages with a `group` and a `nav` entry, in their order (decision 0056). */
export const MENU = ADMIN_MENU;

const matches = (pathname: string, path: string) => pathname === path || (path !== '/admin' && pathname.startsWith(`${path}/`));

/** The menu a user sees: everything for the admin, only its screens (`contentRole`) for the content role. */
function menuFor(type: number | undefined): typeof MENU {
  if (type !== UserRoles.content) return MENU;
  return MENU.map((g) => ({ ...g, items: g.items.filter(([p]) => CONTENT_ROLE_PATTERNS.includes(p)) })).filter((g) => g.items.length > 0);
}

/** The signed-in user's role, once the session is verified. */
function useRole(): number | undefined {
  const session = useVerifiedSession();
  return session.state === 'done' ? session.user?.type : undefined;
}

/** Sends the content role from a screen that is not its own to the course list. */
export function ContentRoleScreens({ children }: { children: ReactNode }) {
  const role = useRole();
  const { pathname } = useLocation();
  if (role === UserRoles.content && !contentRoleMayOpen(pathname)) return <Navigate to={linkTo('/admincourselist')} replace />;
  return <>{children}</>;
}

/** The group of the menu entry the path is (or is under), else its page's (a detail screen opens its list's group). */
export function groupOf(pathname: string): string | undefined {
  return MENU.find((g) => g.items.some(([p]) => matches(pathname, p)))?.group ?? menuGroupOfPath(pathname);
}

export function Layout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const menu = menuFor(useRole());
  const current = groupOf(pathname);
  // Folded at first up to 1100 px (issue 40: at 1024 px the menu's 260 px pushed the tables'
  // status and action columns behind a sideways scroll); ☰ opens it.
  const [collapsed, setCollapsed] = useState(() => window.matchMedia?.('(max-width: 1100px)').matches ?? false);
  const [open, setOpen] = useState<Set<string>>(() => new Set(current ? [current] : []));
  // The group of the current path opens on navigation.
  useEffect(() => {
    if (current) setOpen((o) => (o.has(current) ? o : new Set([...o, current])));
  }, [current]);
  const toggle = (group: string) =>
    setOpen((o) => {
      const next = new Set(o);
      if (next.has(group)) next.delete(group);
      else next.add(group);
      return next;
    });

  return (
    <div className={`admin-layout ${collapsed ? 'collapsed' : ''}`} data-testid="admin-frame">
      <aside className="admin-side" style={{ width: collapsed ? undefined : SIDE_MENU_WIDTH }} data-testid="admin-side-menu" aria-label={t('admin.menu')}>
        <button type="button" className="admin-collapse" aria-expanded={!collapsed} aria-controls="admin-menu" onClick={() => setCollapsed((c) => !c)} data-testid="admin-menu-toggle">
          <span aria-hidden="true">{collapsed ? '☰' : '«'}</span>
          <span className="sr-only">{collapsed ? t('admin.expandMenu') : t('admin.collapseMenu')}</span>
        </button>
        {!collapsed && (
          <nav id="admin-menu">
            {menu.map(({ group, items }) => {
              const isOpen = open.has(group);
              if (items.length === 1) {
                const [path, key] = items[0]!;
                return (
                  <Link key={group} to={path} className={`admin-menu-single ${matches(pathname, path) ? 'active' : ''}`} aria-current={matches(pathname, path) ? 'page' : undefined}>
                    {t(`admin.nav.${key}`)}
                  </Link>
                );
              }
              return (
                <div key={group} className={`admin-menu-group ${isOpen ? 'open' : ''}`} data-group={group}>
                  <button type="button" className="admin-menu-head" aria-expanded={isOpen} onClick={() => toggle(group)}>
                    <span>{t(`admin.groups.${group}`)}</span>
                    <span aria-hidden="true">{isOpen ? '▾' : '▸'}</span>
                  </button>
                  {isOpen && (
                    <ul>
                      {items.map(([path, key]) => (
                        <li key={path}>
                          <Link to={path} className={matches(pathname, path) ? 'active' : undefined} aria-current={matches(pathname, path) ? 'page' : undefined}>
                            {t(`admin.nav.${key}`)}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              );
            })}
          </nav>
        )}
      </aside>
      <div className="admin-content">{children}</div>
    </div>
  );
}
