import { useEffect, useState } from 'react';
import { useTranslation } from '@taal/web-shared/i18n';
import { api } from '@taal/web-shared/api';
import { isCourseView, linkTo } from '@taal/web-shared/routes';
import type { Instructor } from '@taal/web-shared/types';
import { useAsync } from '@taal/web-shared/useAsync';
import { SearchForm } from '@taal/web-shared/search-form';
import { navigateToUrl } from 'single-spa';
import { fontsFor } from '../fonts';
import i18next from '../i18n';
import { go } from '../nav';
import { Dropdown } from './Dropdown';
import { useCartCount, useSession } from './header-session';
import { NotificationsMenu } from './Notifications';
import { UserMenu } from './UserMenu';
import { BrandMark, CartIcon, GlobeIcon, SearchIcon, TunerIcon } from './icons';

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
  // The featured instructors (at most 10; decision 0087: a menu cannot list 20,000), then "All instructors" (paged).
  const { data, loading } = useAsync<Instructor[]>(() => api.featuredInstructors().catch(() => []), []);
  return (
    <Dropdown label={<>{t('nav.instructors')} ▾</>} testId="instructors-menu">
      {(close) => (
        <div className="instructors-menu" onClick={close}>
          {loading && <p className="muted">{t('common.loading')}</p>}
          {!loading && !data?.length && <p className="muted">{t('instructors.none')}</p>}
          <ul>
            {data?.map((i) => (
              <li key={i._id}>
                <a href={linkTo('/instructorview/:id', { id: i._id })} onClick={go} className="instructor-chip">
                  <img src={i.photo || undefined} alt="" width={36} height={36} loading="lazy" className="avatar" />
                  <span>{i.name}</span>
                </a>
              </li>
            ))}
          </ul>
          <a href={linkTo('/instructorlist')} onClick={go} className="menu-footer-link">
            {t('nav.allInstructors')}
          </a>
        </div>
      )}
    </Dropdown>
  );
}

// (No page on the server that draws first screens: none of them is /search.)
const queryOfPage = () => (!(typeof FIRST_SCREEN_SERVER !== 'undefined' && FIRST_SCREEN_SERVER) && window.location.pathname === '/search' ? (new URLSearchParams(window.location.search).get('q') ?? '') : '');

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
  // The server's picture of a first screen (decision 0070) shows the page's language only: the
  // other's name would make an English page download the Bengali font, and choosing needs the app.
  const server = (typeof FIRST_SCREEN_SERVER !== 'undefined' && FIRST_SCREEN_SERVER);
  return (
    <label className="language-menu" data-testid="language-menu">
      <GlobeIcon />
      <span className="sr-only">{t('nav.language')}</span>
      <select value={lng} onChange={(e) => void changeLanguage(e.target.value)} aria-label={t('nav.language')}>
        {(!server || lng === 'en') && <option value="en">English</option>}
        {(!server || lng === 'bn') && (
          <option value="bn" lang="bn">
            বাংলা
          </option>
        )}
      </select>
    </label>
  );
}

export function Header({ pathname }: { pathname: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const cartCount = useCartCount(session);
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => setMenuOpen(false), [pathname]);
  // Spec §2: no language menu on a course view; the narrowest phones then give the search box a row of its own.
  const languageMenu = !isCourseView(pathname);
  return (
    <header className="site-header">
      <div className={`container header-inner${languageMenu ? '' : ' without-language'}`}>
        <a href={linkTo('/')} onClick={go} className="brand">
          <BrandMark /> <span className="brand-name">Taal</span> <span className="beta">{t('common.beta')}</span>
        </a>
        <button type="button" className="icon-btn menu-toggle" aria-label={t('nav.menu')} aria-expanded={menuOpen} onClick={() => setMenuOpen((o) => !o)}>
          ☰
        </button>
        <nav className={`main-nav ${menuOpen ? 'open' : ''}`} aria-label={t('nav.main')}>
          <NavLink href={linkTo('/')} pathname={pathname}>
            {t('nav.home')}
          </NavLink>
          <NavLink href={linkTo('/allcourses')} pathname={pathname}>
            {t('nav.courses')}
          </NavLink>
          <InstructorsMenu />
          <NavLink href={linkTo('/freebies')} pathname={pathname}>
            {t('nav.freebies')}
          </NavLink>
          <NavLink href={linkTo('/store')} pathname={pathname}>
            {t('nav.store')}
          </NavLink>
          {/* The tools (issue 54): the tuner, an icon beside the cart on wide screens; the metronome is in the footer. */}
          <NavLink href={linkTo('/tuner')} pathname={pathname} className="small-only">
            {t('nav.tuner')}
          </NavLink>
          {!session.loggedIn && (
            <>
              {/* Phones: Sign up lives here, so Login and the menu button fit beside the cart (issue 28). */}
              <NavLink href={linkTo('/signup')} pathname={pathname} className="small-only phone-only">
                {t('nav.signup')}
              </NavLink>
              <NavLink href={linkTo('/about')} pathname={pathname} className="small-only">
                {t('nav.about')}
              </NavLink>
              <NavLink href={linkTo('/contact')} pathname={pathname} className="small-only">
                {t('nav.contact')}
              </NavLink>
            </>
          )}
          {session.loggedIn && (
            <NavLink href={linkTo('/how-to-guide')} pathname={pathname} className="small-only">
              {t('nav.howTo')}
            </NavLink>
          )}
        </nav>
        <HeaderSearch pathname={pathname} />
        <div className="header-actions">
          <a href={linkTo('/tuner')} onClick={go} className={`icon-btn tuner-link${pathname === '/tuner' ? ' active' : ''}`} aria-label={t('nav.tuner')} title={t('nav.tuner')} data-testid="tuner-link">
            <TunerIcon />
          </a>
          <a href={linkTo('/cart')} onClick={go} className="icon-btn cart-link" aria-label={t('nav.cart')} data-testid="cart-link">
            <CartIcon />
            {cartCount > 0 && <span className="dot-badge" data-testid="cart-badge" />}
          </a>
          <NotificationsMenu session={session} />
          {languageMenu && <LanguageMenu />}
          {session.loggedIn ? (
            <UserMenu session={session} />
          ) : (
            <>
              <a href={linkTo('/signup')} onClick={go} className="btn btn-outline btn-sm signup-link">
                {t('nav.signup')}
              </a>
              <a href={linkTo('/login')} onClick={go} className="btn btn-primary btn-sm">
                {t('nav.login')}
              </a>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
