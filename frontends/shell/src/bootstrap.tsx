import { createRoot } from 'react-dom/client';
import { pageShown } from '@taal/web-shared/page-shown';
import { firstScreenFontsFor, loadBengaliBold, redrawBengaliWhenFontsLoad } from './fonts';
import i18n, { initI18n, loadLaterNamespaces } from './i18n';
import { fetchRemotesConfig, prepareRemote } from './remotes';
import { App } from './App';
import { appDrawn, firstScreenPicture } from './first-screen';
import './fonts.css';
import './styles.css';

async function main() {
  const [remotes] = await Promise.all([
    // The route's remote starts loading as soon as its URL is known, while the texts are still on
    // their way (issue 28: a slow link).
    fetchRemotesConfig().then((config) => {
      prepareRemote(config, window.location.pathname);
      return config;
    }),
    initI18n().catch((err) => console.error(err)),
  ]);
  const el = document.getElementById('root');
  if (!el) return;
  // A Bengali page is laid out only once its font is here (fonts.ts: Chromium kept the fallback's
  // empty boxes in text shaped while the font was loading). Until then the page renders hidden
  // (display: none, so nothing is shaped): its scripts, the remote's mount and its data run
  // during the font's download instead of after it. The first screen waits for the regular
  // weight only; the bold comes after it (fonts.ts).
  const fonts = firstScreenFontsFor(i18n.resolvedLanguage);
  redrawBengaliWhenFontsLoad();
  const waiting = i18n.resolvedLanguage?.startsWith('bn') ?? false;
  // A page that came with the server's picture of its first screen keeps showing it until the
  // app's own is drawn (first-screen.ts, decision 0070), then shows the app in its place.
  const picture = firstScreenPicture();
  if (waiting || picture) el.hidden = true;
  createRoot(el).render(<App remotes={remotes} />);
  if (waiting || picture) {
    await Promise.all([waiting ? fonts : null, picture ? appDrawn(el) : null]);
    picture?.remove();
    el.hidden = false;
    if (waiting) void loadBengaliBold();
  }
  pageShown();
  loadLaterNamespaces();
}

void main();
