import { useState } from 'react';
import { useTranslation } from '@taal/web-shared/i18n';
import { formatNumber } from '@taal/web-shared/format';
import { YouTubePlayer, youtubeId } from '../YouTubePlayer';

/** The free lessons (spec §2): each plays in the page's own player, the first one ready. */
export function FreeLessons({ lessons }: { lessons: { title: string; youtube: string }[] }) {
  const { t } = useTranslation();
  const playable = lessons.map((l) => ({ ...l, video: l.youtube ? youtubeId(l.youtube) : null }));
  const [playing, setPlaying] = useState(0);
  const current = playable[playing]?.video ? playable[playing] : playable.find((l) => l.video);
  return (
    <section className="section" data-testid="free-lessons-section">
      <h2>{t('course.freeLessons')}</h2>
      {playable.length ? (
        <>
          {current?.video && (
            <div className="freebie-video free-lesson-player" data-testid="free-lesson-player">
              <YouTubePlayer id={current.video} title={current.title} testId="free-lesson-video" />
            </div>
          )}
          <ul className="lesson-list" data-testid="free-lessons">
            {playable.map((l, i) => (
              <li key={i} className={current === l ? 'playing' : undefined}>
                <span>
                  {formatNumber(i + 1)}. {l.title}
                </span>
                {l.video && (
                  <button type="button" className="linklike" aria-pressed={current === l} onClick={() => setPlaying(i)} data-testid="free-lesson-play">
                    {t('course.watch')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="muted">{t('course.noFreeLessons')}</p>
      )}
    </section>
  );
}
