// /freebies and /freebies/{id} (storefront §2, §7, §9): the list newest first with the filter
// pills (All, FAQ, Info, Guitar, Bass Guitar, Drums, Piano & Keyboard, Sound Engineering), cards
// with the pills Video (a YouTube link), the category and Document (documents attached); the
// detail with the sanitised rich description, a carousel of 2 slides (1 on screens up to
// 1024 px), the documents and the video.
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { FREEBIE_FILTERS, FREEBIE_SUBTITLE_PREVIEW } from '@taal/contracts/web';
import { answer, ApiError, publicApi } from '@taal/web-shared/api';
import { sanitizeHtml } from '@taal/web-shared/html';
import { useTranslation } from '@taal/web-shared/i18n';
import type { Freebie } from '@taal/web-shared/types';
import { useAsync } from '@taal/web-shared/useAsync';
import { YouTubePlayer, youtubeId } from '../components/YouTubePlayer';
import { Loading } from '@taal/web-shared/ui';
import { linkTo } from '@taal/web-shared/routes';

/** The translation key of a freebie category or filter ('Piano & Keyboard' → freebies.category.PianoKeyboard). */
export const freebieCategoryKey = (category: string) => `freebies.category.${category.replace(/[^A-Za-z]/g, '')}`;

export { youtubeId };

const cut = (text: string, n: number) => (text.length > n ? `${text.slice(0, n)}…` : text);

function FreebieCard({ freebie }: { freebie: Freebie }) {
  const { t } = useTranslation();
  const picture = freebie.thumbnail || freebie.carouselList[0];
  return (
    <Link to={linkTo('/freebies/:id', { id: freebie._id })} className="card course-card freebie-card" data-testid="freebie-card" data-id={freebie._id} data-category={freebie.catagory}>
      <div className="thumb">{picture ? <img src={picture} alt="" loading="lazy" /> : <span>{t(freebieCategoryKey(freebie.catagory))}</span>}</div>
      <div className="body">
        <h2>{freebie.title}</h2>
        <p className="muted freebie-subtitle">{cut(freebie.subtitle, FREEBIE_SUBTITLE_PREVIEW)}</p>
        <div className="pills" data-testid="freebie-pills">
          {freebie.youtube && (
            <span className="pill" data-pill="video">
              {t('freebies.video')}
            </span>
          )}
          <span className="pill" data-pill="category">
            {t(freebieCategoryKey(freebie.catagory))}
          </span>
          {freebie.documents.length > 0 && (
            <span className="pill" data-pill="document">
              {t('freebies.document')}
            </span>
          )}
        </div>
      </div>
    </Link>
  );
}

export function FreebieList() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const wanted = params.get('category') ?? 'All';
  const filter = (FREEBIE_FILTERS as readonly string[]).includes(wanted) ? wanted : 'All';
  // Load failures are silently an empty list (back office §8: freebie load failures are ignored).
  const list = useAsync<Freebie[]>(async () => (await answer(publicApi.GET('/api/v1/freebies/'))).data, []);
  const shown = (list.data ?? []).filter((f) => filter === 'All' || f.catagory === filter);
  return (
    <div className="freebies" data-testid="freebies-page">
      <h1 className="page-title">{t('freebies.title')}</h1>
      <div className="pills freebie-filters" role="group" aria-label={t('freebies.filter')}>
        {FREEBIE_FILTERS.map((c) => (
          <button
            key={c}
            type="button"
            className="pill"
            aria-pressed={filter === c}
            data-testid="freebie-filter"
            data-filter={c}
            onClick={() => setParams(c === 'All' ? new URLSearchParams() : new URLSearchParams({ category: c }), { replace: true })}
          >
            {t(freebieCategoryKey(c))}
          </button>
        ))}
      </div>
      {list.loading && !list.data ? (
        <Loading />
      ) : shown.length === 0 ? (
        <p className="card" data-testid="no-freebies">
          {t('freebies.none')}
        </p>
      ) : (
        <div className="grid" data-testid="freebie-list">
          {shown.map((f) => (
            <FreebieCard key={f._id} freebie={f} />
          ))}
        </div>
      )}
    </div>
  );
}

/** Slides visible at once: 2, or 1 on screens up to 1024 px (storefront §9). */
export const slidesFor = (width: number) => (width <= 1024 ? 1 : 2);

function ImageCarousel({ images, title }: { images: string[]; title: string }) {
  const { t } = useTranslation();
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const on = () => setWidth(window.innerWidth);
    window.addEventListener('resize', on);
    return () => window.removeEventListener('resize', on);
  }, []);
  const perView = Math.min(slidesFor(width), images.length);
  const [start, setStart] = useState(0);
  const maxStart = Math.max(0, images.length - perView);
  const from = Math.min(start, maxStart);
  return (
    <div className="carousel freebie-carousel" role="region" aria-roledescription="carousel" aria-label={title} data-testid="freebie-carousel" data-per-view={perView}>
      <button type="button" className="icon-btn carousel-prev" aria-label={t('common.previous')} disabled={from === 0} onClick={() => setStart(Math.max(0, from - 1))}>
        ‹
      </button>
      <div className="carousel-track" style={{ gridTemplateColumns: `repeat(${perView}, minmax(0, 1fr))` }}>
        {images.slice(from, from + perView).map((src, i) => (
          <img key={src} src={src} alt={t('freebies.slide', { n: from + i + 1, total: images.length })} data-testid="freebie-slide" />
        ))}
      </div>
      <button type="button" className="icon-btn carousel-next" aria-label={t('common.next')} disabled={from >= maxStart} onClick={() => setStart(Math.min(maxStart, from + 1))}>
        ›
      </button>
    </div>
  );
}

export function FreebieView() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const item = useAsync<Freebie | null>(async () => {
    try {
      return (await answer(publicApi.GET('/api/v1/freebies/{id}', { params: { path: { id } } }))).data;
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) return null;
      throw err;
    }
  }, [id]);
  const freebie = item.data;
  const html = useMemo(() => (freebie ? sanitizeHtml(freebie.description, { rich: true }) : ''), [freebie]);
  if (item.loading && freebie === undefined) return <Loading />;
  if (!freebie) {
    return (
      <div className="card" data-testid="freebie-missing">
        <p>{t('freebies.notFound')}</p>
        <Link to={linkTo('/freebies')}>{t('freebies.back')}</Link>
      </div>
    );
  }
  const video = freebie.youtube ? youtubeId(freebie.youtube) : null;
  return (
    <article className="freebie-view" data-testid="freebie-view">
      <Link to={linkTo('/freebies')} className="back-link">
        ‹ {t('freebies.back')}
      </Link>
      <header>
        <div className="pills">
          <span className="pill">{t(freebieCategoryKey(freebie.catagory))}</span>
        </div>
        <h1 className="page-title">{freebie.title}</h1>
        <p className="muted">{freebie.subtitle}</p>
      </header>
      {video && (
        <div className="freebie-video" data-testid="freebie-video">
          <YouTubePlayer id={video} title={freebie.title} />
          <a href={`https://www.youtube.com/watch?v=${video}`} target="_blank" rel="noopener noreferrer">
            {t('freebies.watchOnYoutube')}
          </a>
        </div>
      )}
      {freebie.carouselList.length > 0 && <ImageCarousel images={freebie.carouselList} title={freebie.title} />}
      <div className="desc rich-text card" data-testid="freebie-description" dangerouslySetInnerHTML={{ __html: html }} />
      {freebie.documents.length > 0 && (
        <section className="card freebie-documents" data-testid="freebie-documents">
          <h2>{t('freebies.documents')}</h2>
          <ul>
            {freebie.documents.map((d) => (
              <li key={d.path}>
                <a href={d.path} target="_blank" rel="noopener noreferrer" data-testid="freebie-document">
                  <span className="doc-badge" aria-hidden="true">
                    PDF
                  </span>{' '}
                  {d.name}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
