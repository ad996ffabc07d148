// The play-along panel (issue 54 item 2, decision 0081), loaded when the student opens it: the
// lesson's passages, the chosen one set as the A–B loop, a take with the count-in, and its result.
// Without microphone permission a clear message says so; the lesson still plays.
import { useState } from 'react';
import { answer, authApi, type ApiPaths } from '@taal/web-shared/api';
import { formatClock, formatNumber } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import { useAsync } from '@taal/web-shared/useAsync';
import { AsyncView } from '@taal/web-shared/ui';
import type { PlayAlongProps } from './PlayAlongSlot';
import './play-along.css';
import { TakeResult } from './TakeResult';
import { usePlayAlongTake } from './usePlayAlongTake';

type Passage = ApiPaths['/api/v1/courses/{courseId}/passages']['get']['responses'][200]['content']['application/json']['data'][number];

export default function PlayAlong({ lesson, video, engine, ab, wantsPlay }: PlayAlongProps) {
  const { t, i18n } = useTranslation();
  const lng = i18n.resolvedLanguage;
  const passages = useAsync(
    async () => (await answer(authApi.GET('/api/v1/courses/{courseId}/passages', { params: { path: { courseId: lesson.course } } }))).data.filter((p: Passage) => p.lessonId === lesson._id),
    [lesson._id],
  );
  const [chosen, setChosen] = useState<Passage | null>(null);
  const take = usePlayAlongTake({ video, engine, wantsPlay });
  const { state } = take;
  const busy = state.phase === 'opening' || state.phase === 'counting' || state.phase === 'playing';

  const choose = (p: Passage) => {
    take.cancel();
    setChosen(p);
    ab.setRange(p.startSeconds, p.endSeconds);
    if (video.current) video.current.currentTime = p.startSeconds;
  };

  return (
    <AsyncView state={passages}>
      {(list) =>
        !list.length ? (
          <p className="muted" data-testid="play-along-none">
            {t('practice.play.none')}
          </p>
        ) : (
          <div className="play-along-body">
            <ul className="play-along-passages">
              {list.map((p: Passage) => (
                <li key={p.id}>
                  <button
                    type="button"
                    className={`btn btn-sm ${chosen?.id === p.id ? 'btn-primary' : 'btn-outline'}`}
                    onClick={() => choose(p)}
                    disabled={busy}
                    data-testid="play-along-passage"
                    data-passage-id={p.id}
                  >
                    {p.title} · {formatClock(p.startSeconds, lng)}–{formatClock(p.endSeconds, lng)}
                  </button>
                </li>
              ))}
            </ul>
            {chosen && (
              <div className="play-along-take">
                <p className="muted">
                  {t('practice.play.about', { notes: formatNumber(chosen.notes.length, lng), bpm: formatNumber(chosen.bpm, lng) })}
                  {chosen.percussive && ` · ${t('practice.play.timingOnly')}`}
                </p>
                <div className="practice-row">
                  <button type="button" className="btn btn-primary btn-sm" onClick={() => void take.start(chosen)} disabled={busy} data-testid="play-along-start">
                    {state.phase === 'done' ? t('practice.play.again') : t('practice.play.start')}
                  </button>
                  {busy && (
                    <button type="button" className="btn btn-outline btn-sm" onClick={take.cancel} data-testid="play-along-stop">
                      {t('practice.play.stop')}
                    </button>
                  )}
                  <span className="play-along-phase" data-testid="play-along-phase" data-phase={state.phase} aria-live="polite">
                    {state.phase === 'opening' && t('practice.play.opening')}
                    {state.phase === 'counting' && (state.beat ? formatNumber(state.beat, lng) : t('player.countIn.getReady'))}
                    {state.phase === 'playing' && t('practice.play.listening')}
                  </span>
                </div>
                {state.phase === 'noMicrophone' && (
                  <p className="field-error" role="alert" data-testid="play-along-no-mic">
                    {t('practice.play.noMicrophone')}
                  </p>
                )}
                {state.phase === 'failed' && (
                  <p className="field-error" role="alert" data-testid="play-along-failed">
                    {t('practice.play.failed')}
                  </p>
                )}
                {state.phase === 'done' && <TakeResult score={state.score} percussive={chosen.percussive} />}
              </div>
            )}
          </div>
        )
      }
    </AsyncView>
  );
}
