import { useEffect, useState } from 'react';
import { useTranslation } from '@taal/web-shared/i18n';
import { answer, api, authApi } from '@taal/web-shared/api';
import { CONTENT_ROLE_MENU, isCourseView } from '@taal/web-shared/routes';
import { logout, verifySession } from '@taal/web-shared/auth';
import { getSession, SESSION_EVENT, storedUser, type Session } from '@taal/web-shared/session';
import { UserRoles } from '@taal/contracts/web';
import type { Instructor } from '@taal/web-shared/types';
import { useAsync } from '@taal/web-shared/useAsync';
import { SearchForm } from '@taal/web-shared/search-form';
import { UserPhoto } from '@taal/web-shared/user-photo';
import { navigateToUrl } from 'single-spa';
import { fontsFor } from '../fonts';
import i18next from '../i18n';
import { go } from '../nav';
import { Dropdown } from './Dropdown';
import { NotificationsMenu } from './Notifications';
import { BrandMark, CartIcon, GlobeIcon, SearchIcon, UserIcon } from './icons';

const STUDENT_TABS = ['classroom', 'wishlist', 'messages', 'purchaseHistory', 'profile', 'earnMoney', 'redeemGiftCard', 'certificates'];

function useSession(): Session {
  const [session, setSession] = useState(getSession);
  useEffect(() => {
    const update = () => setSession(getSession());
    // A stored login counts only once the server vouches for it (spec §4); a dead one is cleared.
    void verifySession().then(update);
    window.addEventListener(SESSION_EVENT, update);
    window.addEventListener('storage', update);
    window.addEventListener('popstate', update);
    return () => {
      window.removeEventListener(SESSION_EVENT, update);
      window.removeEventListener('storage', update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  return session;
}

/** Raised by the storefront after the cart changed (detail: its number of items). */
const CART_CHANGED_EVENT = 'taal:cart-changed';

/** How many items the logged-in student's cart holds (0 for anyone else), kept current by CART_CHANGED_EVENT. */
function useCartCount(session: Session): number {
  const [count, setCount] = useState(0);
  const student = session.loggedIn && session.type === UserRoles.student;
  const userId = student ? (storedUser()?._id ?? null) : null;
  useEffect(() => {
    setCount(0);
    if (!userId) return;
    let live = true;
    let heard = false; // an event after the request started is newer than its answer
    answer(authApi.GET('/api/v1/cart/{userId}', { params: { path: { userId } } })).then(
      ({ data }) => live && !heard && setCount(data.items.length),
      () => undefined, // no badge when the cart cannot be read
    );
    const changed = (e: Event) => {
      const n = (e as CustomEvent<{ count?: unknown }>).detail?.count;
      if (typeof n !== 'number') return;
      heard = true;
      setCount(n);
    };
    window.addEventListener(CART_CHANGED_EVENT, changed);
    return () => {
      live = false;
      window.removeEventListener(CART_CHANGED_EVENT, changed);
    };
  }, [userId]);
  return userId ? count : 0;
}

function NavLink({ href, pathname, children, className = '' }: { href: string; pathname: string; children: React.ReactNode; className?: string }) {
  const active = pathname === href;
  return (
    <a href={href} onClick={go} className={`nav-link ${active ? 'active' : ''} ${className}`} aria-current={active ? 'page' : undefined}>
      {children}
    </a>
  );
}

function InstructorsMenu() {
  const { t } = useTranslation();
  const { data, loading } = useAsync<Instructor[]>(() => api.instructors().catch(() => []), []);
  return (
    <Dropdown label={<>{t('nav.instructors')} ▾</>} testId="instructors-menu">
      {(close) => (
        <div className="instructors-menu" onClick={close}>
          {loading && <p className="muted">{t('common.loading')}</p>}
          {!loading && !data?.length && <p className="muted">{t('instructors.none')}</p>}
          <ul>
            {data?.map((i) => (
              <li key={i._id}>
                <a href={`/instructorview/${i._id}`} onClick={go} className="instructor-chip">
                  <img src={i.photo || undefined} alt="" width={36} height={36} loading="lazy" className="avatar" />
                  <span>{i.name}</span>
                </a>
              </li>
            ))}
          </ul>
          <a href="/instructorlist" onClick={go} className="menu-footer-link">
            {t('nav.allInstructors')}
          </a>
        </div>
      )}
    </Dropdown>
  );
}

const queryOfPage = () => (window.location.pathname === '/search' ? (new URLSearchParams(window.location.search).get('q') ?? '') : '');

/** The one search box of every page (issue 24): opens /search?q=… (courses, instructors and freebies). */
function HeaderSearch({ pathname }: { pathname: string }) {
  const { t } = useTranslation();
  // On the results page the box shows what was searched; elsewhere it starts empty. (Bengali in it
  // is drawn again once its font loads: fonts.ts.)
  const query = queryOfPage();
  return (
    <SearchForm
      key={`${pathname}|${query}`}
      initial={query}
      go={navigateToUrl}
      className="header-search"
      formLabel={t('search.label')}
      submit={<SearchIcon />}
      submitClassName="search-submit"
      submitLabel={t('search.submit')}
      testId="header-search"
    />
  );
}

/** Switches language once its translations and fonts are there, so its text is never laid out in a missing font. */
async function changeLanguage(lng: string) {
  await Promise.all([i18next.loadLanguages(lng), fontsFor(lng)]);
  await i18next.changeLanguage(lng);
}

function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? 'en';
  return (
    <label className="language-menu" data-testid="language-menu">
      <GlobeIcon />
      <span className="sr-only">{t('nav.language')}</span>
      <select value={lng} onChange={(e) => void changeLanguage(e.target.value)} aria-label={t('nav.language')}>
        <option value="en">English</option>
        <option value="bn" lang="bn">
          বাংলা
        </option>
      </select>
    </label>
  );
}

function UserMenu({ session }: { session: Session }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const doLogout = async () => {
    setBusy(true);
    await logout();
    setBusy(false);
    navigateToUrl('/');
  };
  return (
    <Dropdown
      // The user's own photo (issue 40), the icon until it loads or when there is none.
      label={<UserPhoto path={session.photo} size={36} fallback={<UserIcon />} testId="header-photo" />}
      buttonClass={`icon-btn ${session.photo ? 'has-photo' : ''}`}
      ariaLabel={t('nav.userMenu')}
      testId="user-menu"
      align="right"
    >
      {(close) => (
        <ul className="menu-list" onClick={close} data-testid="user-menu-items">
          {session.name && <li className="muted">{session.name}</li>}
          {session.type === UserRoles.student &&
            STUDENT_TABS.map((tab, index) => (
              <li key={tab}>
                <a href={`/studentpanel?tab=${index}`} onClick={go} data-testid="student-tab-link">
                  {t(`panel.student.${tab}`)}
                </a>
              </li>
            ))}
          {session.type === UserRoles.admin && (
            <li>
              <a href="/admin" onClick={go}>
                {t('nav.dashboard')}
              </a>
            </li>
          )}
          {session.type === UserRoles.content &&
            CONTENT_ROLE_MENU.map(([path, key]) => (
              <li key={path}>
                <a href={path} onClick={go} data-testid="content-menu-link">
                  {t(`admin.nav.${key}`)}
                </a>
              </li>
            ))}
          {session.type === UserRoles.instructor && (
            <li>
              <a href="/instructorpanel" onClick={go}>
                {t('nav.myDashboard')}
              </a>
            </li>
          )}
          <li>
            <button type="button" className="linklike" disabled={busy} onClick={() => void doLogout()} data-testid="logout">
              {t('nav.logout')}
            </button>
          </li>
        </ul>
      )}
    </Dropdown>
  );
}

export function Header({ pathname }: { pathname: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const cartCount = useCartCount(session);
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => setMenuOpen(false), [pathname]);
  return (
    <header className="site-header">
      <div className="container header-inner">
        <a href="/" onClick={go} className="brand">
          <BrandMark /> <span className="brand-name">Taal</span> <span className="beta">{t('common.beta')}</span>
        </a>
        <button type="button" className="icon-btn menu-toggle" aria-label={t('nav.menu')} aria-expanded={menuOpen} onClick={() => setMenuOpen((o) => !o)}>
          ☰
        </button>
        <nav className={`main-nav ${menuOpen ? 'open' : ''}`} aria-label={t('nav.main')}>
          <NavLink href="/" pathname={pathname}>
            {t('nav.home')}
          </NavLink>
          <NavLink href="/allcourses" pathname={pathname}>
            {t('nav.courses')}
          </NavLink>
          <InstructorsMenu />
          <NavLink href="/freebies" pathname={pathname}>
            {t('nav.freebies')}
          </NavLink>
          <NavLink href="/store" pathname={pathname}>
            {t('nav.store')}
          </NavLink>
          {!session.loggedIn && (
            <>
              {/* Phones: Sign up lives here, so Login and the menu button fit beside the cart (issue 28). */}
              <NavLink href="/signup" pathname={pathname} className="small-only phone-only">
                {t('nav.signup')}
              </NavLink>
              <NavLink href="/about" pathname={pathname} className="small-only">
                {t('nav.about')}
              </NavLink>
              <NavLink href="/contact" pathname={pathname} className="small-only">
                {t('nav.contact')}
              </NavLink>
            </>
          )}
          {session.loggedIn && (
            <NavLink href="/how-to-guide" pathname={pathname} className="small-only">
              {t('nav.howTo')}
            </NavLink>
          )}
        </nav>
        <HeaderSearch pathname={pathname} />
        <div className="header-actions">
          <a href="/cart" onClick={go} className="icon-btn cart-link" aria-label={t('nav.cart')} data-testid="cart-link">
            <CartIcon />
            {cartCount > 0 && <span className="dot-badge" data-testid="cart-badge" />}
          </a>
          <NotificationsMenu session={session} />
          {!isCourseView(pathname) && <LanguageMenu />}
          {session.loggedIn ? (
            <UserMenu session={session} />
          ) : (
            <>
              <a href="/signup" onClick={go} className="btn btn-outline btn-sm signup-link">
                {t('nav.signup')}
              </a>
              <a href="/login" onClick={go} className="btn btn-primary btn-sm">
                {t('nav.login')}
              </a>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
