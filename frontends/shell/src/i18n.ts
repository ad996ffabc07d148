// i18next: translations from /assets/locales/{lng}/{translation,refusals}.json, language detected from
// local storage, cookie, html tag (language.ts), fallback en. The first screen
// waits only for `translation`; `refusals` follows once the shell has rendered.
import i18n from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { numberFormatter } from '@taal/web-shared/format';
import { languageDetector } from './language';

export const LANGUAGES = ['en', 'bn'] as const;

export function initI18n(): Promise<unknown> {
  i18n.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
  return i18n
    .use(HttpBackend)
    .use(languageDetector)
    .use(numberFormatter)
    .init({
      // English is the fallback of any other language, but not of Bengali: bn has every key of en
      // (e2e/i18n-keys, and the refusal catalogue's own test), so a Bengali page need not download
      // the English texts too before it can show anything (issue 28: a slow link).
      fallbackLng: { bn: [], default: ['en'] },
      supportedLngs: [...LANGUAGES],
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      // `translation`: the screens' texts. `refusals` (the API's refusals by key, written by the
      // build from the contracts' catalogue, decision 0026) is asked for by loadLaterNamespaces:
      // a refusal is shown only after a request, so the first screen need not wait for it.
      ns: ['translation'],
      defaultNS: 'translation',
      backend: { loadPath: '/assets/locales/{{lng}}/{{ns}}.json' },
      // Every interpolated number in the page's digits (bn: ০-৯), through the shared formatter.
      interpolation: { escapeValue: false, alwaysFormat: true },
    });
}

/**
 * The namespaces no first screen shows, loaded after it (issue 28: a slow link): `refusals` is
 * some 5 KB a Bengali first visit waited for. Once loaded, a language switch loads it too.
 */
export function loadLaterNamespaces(): Promise<void> {
  return i18n.loadNamespaces('refusals').catch((err) => console.error(err));
}

export default i18n;
