// The classroom's play-along (issue 54 item 2, decision 0081): a button only. The passages, the
// listener (its AudioWorklet and pitch library) and the scoring load when the student opens it, so
// no page's first visit grows.
import { lazy, Suspense, useState, type MutableRefObject, type RefObject } from 'react';
import type { ClickEngine } from '@taal/web-shared/clicks';
import { useTranslation } from '@taal/web-shared/i18n';
import { Loading } from '@taal/web-shared/ui';
import type { Lesson } from '../../learning';
import type { AbLoop } from './useAbLoop';

const PlayAlong = lazy(() => import(/* webpackChunkName: "play-along" */ './PlayAlong'));

export interface PlayAlongProps {
  lesson: Lesson;
  video: RefObject<HTMLVideoElement>;
  engine: RefObject<ClickEngine>;
  ab: AbLoop;
  wantsPlay: MutableRefObject<boolean>;
}

export function PlayAlongSlot(props: PlayAlongProps & { student: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!props.student) return null;
  return (
    <div className="practice-box play-along" data-testid="play-along">
      <h3>{t('practice.play.title')}</h3>
      {open ? (
        <Suspense fallback={<Loading />}>
          <PlayAlong key={props.lesson._id} {...props} />
        </Suspense>
      ) : (
        <button type="button" className="btn btn-outline btn-sm" onClick={() => setOpen(true)} data-testid="play-along-open">
          {t('practice.play.open')}
        </button>
      )}
    </div>
  );
}
