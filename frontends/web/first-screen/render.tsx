// A page's first screen drawn on the server (issue 55: first content within 1.2 s at 1.6 Mbit/s):
// the shell's header and footer around the storefront's page, with the data its first screen
// shows, as HTML the browser paints before any script has arrived. The same components as the
// app, rendered twice: once to start the page's loads (useAsync), then with their answers. The
// app replaces this picture once its own first screen is ready (shell/src/first-screen.ts).
// Built for Node by build-apps (rsbuild.config.mjs); loaded by frontends/web/src/first-screen.ts,
// which names the origin the page's API calls go to and the headers they carry (`globalThis.taalApiOrigin`,
// `taalApiHeaders`) first.
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom/server';
import i18next, { type ResourceKey } from 'i18next';
import { clearApiCache } from '@taal/web-shared/api';
import { numberFormatter } from '@taal/web-shared/format';
import type { ServerLoads } from '@taal/web-shared/useAsync';
import { Header } from '../../shell/src/components/Header';
import { Footer } from '../../shell/src/components/Footer';
import Landing from '../../storefront/src/pages/Landing';
import AllCourses from '../../storefront/src/pages/AllCourses';
import CourseView from '../../storefront/src/pages/CourseView';

/** The pages drawn on the server: the storefront's busiest first visits. */
const PAGES: Record<string, () => ReactElement> = {
  '/': () => <Landing />,
  '/allcourses': () => <AllCourses />,
  '/courseview': () => <CourseView />,
};

/** Renders past the first pass only while new loads start (a page shown by what an answer holds). */
const MAX_PASSES = 3;

export const firstScreenPaths = (): string[] => Object.keys(PAGES);

let ready: Promise<unknown> | null = null;

/** The screens' texts in both languages (the shell's translation.json files), once. */
function initTexts(translations: Record<string, unknown>): Promise<unknown> {
  ready ??= i18next.use(numberFormatter).init({
    resources: Object.fromEntries(Object.entries(translations).map(([lng, texts]) => [lng, { translation: texts as ResourceKey }])),
    lng: 'en',
    fallbackLng: { bn: [], default: ['en'] },
    supportedLngs: Object.keys(translations),
    interpolation: { escapeValue: false, alwaysFormat: true },
  });
  return ready;
}

function tree(pathname: string, url: string): ReactElement {
  const page = PAGES[pathname]!;
  return (
    <div className="app">
      <Header pathname={pathname} />
      <main className="main" tabIndex={-1}>
        <section className="remote-slot" data-remote="storefront">
          <div>
            <StaticRouter location={url}>
              <div className="container storefront">{page()}</div>
            </StaticRouter>
          </div>
        </section>
      </main>
      <Footer />
    </div>
  );
}

/** A synchronous render with `loads` as useAsync's source (see ServerLoads). */
function renderWithLoads(loads: ServerLoads, render: () => string): string {
  const global = globalThis as { taalServerLoads?: ServerLoads };
  global.taalServerLoads = loads;
  try {
    return render();
  } finally {
    delete global.taalServerLoads;
  }
}

export interface FirstScreenRequest {
  /** The page's path and query, e.g. `/courseview?id=…`. */
  url: string;
  lng: string;
  /** language → the shell's translation.json. */
  translations: Record<string, unknown>;
}

/** The first screen's HTML, or null for a page not drawn on the server. */
export async function renderFirstScreen({ url, lng, translations }: FirstScreenRequest): Promise<string | null> {
  const pathname = new URL(url, 'http://page.invalid').pathname;
  if (!PAGES[pathname]) return null;
  await initTexts(translations);
  // Each page asks the server afresh: the server's own cache of public reads is the one that counts.
  clearApiCache();
  const loads: ServerLoads = { started: new Map(), answered: new Map() };
  let html = '';
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    // renderToString is synchronous: the language is this page's for the whole of it.
    await i18next.changeLanguage(lng);
    html = renderWithLoads(loads, () => renderToString(tree(pathname, url)));
    const waiting = [...loads.started].filter(([id]) => !loads.answered.has(id));
    if (!waiting.length) break;
    await Promise.all(
      waiting.map(([id, load]) =>
        load.then(
          (data) => loads.answered.set(id, { data }),
          (error: Error) => loads.answered.set(id, { error }),
        ),
      ),
    );
  }
  return html;
}
