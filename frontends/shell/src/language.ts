// The visitor's language for i18next: their earlier choice (local storage, then the cookie, which
// the server reads too to draw the first screen in it, decision 0070), else the page's own (en).
// A choice is kept in both. A few lines where i18next-browser-languagedetector took some 3 KB of
// every first visit (it also looked in the path and the subdomain, which Taal never uses).
import type { LanguageDetectorModule } from 'i18next';

const STORAGE_KEY = 'i18nextLng';
const COOKIE = 'i18next';

const stored = (): string | null => {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null; // storage disabled
  }
};

export const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  // Every candidate, best first: i18next takes the first it supports.
  detect: () => [stored(), new RegExp(`(?:^|;\\s*)${COOKIE}=([^;]*)`).exec(document.cookie)?.[1], document.documentElement.lang].filter((l): l is string => !!l),
  cacheUserLanguage(lng: string) {
    try {
      window.localStorage.setItem(STORAGE_KEY, lng);
    } catch {
      /* storage disabled: the cookie keeps it */
    }
    document.cookie = `${COOKIE}=${encodeURIComponent(lng)}; path=/; SameSite=Strict`;
  },
};
