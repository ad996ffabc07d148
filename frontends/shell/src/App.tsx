import { useEffect, useRef } from 'react';
import { useTranslation } from '@taal/web-shared/i18n';
import { remoteForPath, titleKeyForPath } from '@taal/web-shared/routes';
import { useStore } from '@taal/web-shared/store';
import { Header } from './components/Header';
import { Footer } from './components/Footer';
import { BackToTop } from './components/BackToTop';
import { Toasts } from './components/Toasts';
import { NotFound } from './components/NotFound';
import { REMOTE_NAMES, remoteStatus, startRemotes, type RemotesConfig } from './remotes';
import { useLocationKey } from './nav';

export function App({ remotes }: { remotes: RemotesConfig }) {
  const { t, i18n } = useTranslation();
  const location = useLocationKey();
  const pathname = location.split('?')[0] ?? '/';
  const owner = remoteForPath(pathname);
  const status = useStore(remoteStatus);

  // The page's title, from the page's declaration in routes.json (`title`), in the page's language.
  const titleKey = titleKeyForPath(pathname);
  const title = titleKey && i18n.exists(titleKey) && i18n.exists('pageTitle.template') ? t('pageTitle.template', { page: t(titleKey) }) : 'Taal';
  useEffect(() => {
    document.title = title;
  }, [title]);

  // Scroll to the top on every route change.
  const previous = useRef(location);
  useEffect(() => {
    if (previous.current !== location) window.scrollTo(0, 0);
    previous.current = location;
  }, [location]);

  // The remotes' slots exist once this has rendered: now single-spa may mount into them.
  useEffect(() => startRemotes(remotes), [remotes]);

  return (
    <div className="app">
      {/* The first stop of the keyboard: past the header's links to the page itself. */}
      <a
        className="skip-link"
        href="#main"
        data-testid="skip-link"
        onClick={(e) => {
          // Focus without a #main in the address (the routes read it).
          e.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        {t('common.skipToContent')}
      </a>
      <Header pathname={pathname} />
      <main className="main" id="main" tabIndex={-1}>
        {owner === null && <NotFound />}
        {REMOTE_NAMES.map((name) => {
          const s = status[name];
          return (
            <section key={name} className="remote-slot" data-remote={name} hidden={owner !== name}>
              {owner === name && s.state === 'loading' && (
                <div className="page-loading" aria-busy="true">
                  <span className="spinner" aria-hidden="true" /> {t('common.loading')}
                </div>
              )}
              {owner === name && s.state === 'error' && (
                <div className="remote-error card" role="alert" data-testid="remote-error">
                  <h2>{t('remote.errorTitle')}</h2>
                  <p>{t('remote.errorText')}</p>
                  <button type="button" className="btn btn-primary" onClick={s.retry}>
                    {t('remote.retry')}
                  </button>
                </div>
              )}
              <div id={`remote-${name}`} />
            </section>
          );
        })}
      </main>
      <Footer />
      <BackToTop />
      <Toasts />
    </div>
  );
}
