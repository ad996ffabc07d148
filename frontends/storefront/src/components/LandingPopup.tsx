// The landing popup (storefront §2, back office §2; decision 0017): when the admin's popup has
// `show` on, the landing page shows it once per visit. A visit is this tab's session: once seen
// (or closed) it stays away until the tab is closed, however often the visitor comes back to /.
import { useEffect, useRef, useState } from 'react';
import { LANDING_POPUP_ID } from '@taal/contracts/web';
import { answer, publicApi } from '@taal/web-shared/api';
import { useTranslation } from '@taal/web-shared/i18n';
import { whenPageShown } from '@taal/web-shared/page-shown';
import type { Popup } from '@taal/web-shared/types';

export const POPUP_SEEN_KEY = 'taal.landingPopupSeen';

const seen = () => {
  try {
    return window.sessionStorage.getItem(POPUP_SEEN_KEY) !== null;
  } catch {
    return false;
  }
};
const markSeen = (popup: Popup) => {
  try {
    window.sessionStorage.setItem(POPUP_SEEN_KEY, popup.updatedAt);
  } catch {
    // Private mode without storage: shown again next time, nothing worse.
  }
};

export function LandingPopup() {
  const { t } = useTranslation();
  const [popup, setPopup] = useState<Popup | null>(null);
  const close = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (seen()) return;
    let live = true;
    answer(publicApi.GET('/api/v1/popup/find/{id}', { params: { path: { id: LANDING_POPUP_ID } } })).then(
      ({ data }) => {
        if (!live || !data.show || seen()) return;
        markSeen(data);
        setPopup(data);
      },
      () => {}, // no popup is the quiet failure
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!popup) return;
    let live = true;
    // A Bengali first visit keeps the page hidden until its font is in, and a hidden button
    // cannot take focus: focused once the page is shown.
    void whenPageShown().then(() => live && close.current?.focus());
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setPopup(null);
    window.addEventListener('keydown', onKey);
    return () => {
      live = false;
      window.removeEventListener('keydown', onKey);
    };
  }, [popup]);

  if (!popup) return null;
  return (
    <div className="popup-backdrop" data-testid="landing-popup-backdrop" onClick={(e) => e.target === e.currentTarget && setPopup(null)}>
      <div className="popup-card card" role="dialog" aria-modal="true" aria-labelledby="landing-popup-title" data-testid="landing-popup">
        <button ref={close} type="button" className="icon-btn popup-close" aria-label={t('common.close')} onClick={() => setPopup(null)} data-testid="landing-popup-close">
          ×
        </button>
        {popup.thumbnail && <img src={popup.thumbnail} alt="" className="popup-thumb" />}
        <h2 id="landing-popup-title">{popup.title}</h2>
        <p className="popup-body">{popup.body}</p>
      </div>
    </div>
  );
}
