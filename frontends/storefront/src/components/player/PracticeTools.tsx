// The lesson player's practice tools (spec §2): the A–B loop with its count-in, beside the metronome.
import type { ReactNode } from 'react';
import { MAX_BPM, MIN_BPM } from '@taal/web-shared/clicks';
import { useTranslation } from '@taal/web-shared/i18n';
import { NumberInput } from '@taal/web-shared/number-input';
import { clock } from '../../learning';
import { TunerPanel } from '../tuner/TunerPanel';
import type { Status } from './stream';
import type { AbLoop } from './useAbLoop';

export function PracticeTools({ ab, status, metronome, practiceCourse }: { ab: AbLoop; status: Status; metronome: ReactNode; practiceCourse?: string }) {
  const { t } = useTranslation();
  return (
    <div className="practice">
      <div className="practice-box practice-loop" data-testid="loop" data-a={ab.loop.a ?? ''} data-b={ab.loop.b ?? ''}>
        <h3>{t('player.loop.title')}</h3>
        <div className="practice-row">
          <button type="button" className="btn btn-outline btn-sm" onClick={ab.setPointA} disabled={status !== 'ready'} data-testid="loop-set-a">
            {t('player.loop.setA')}
          </button>
          <button type="button" className="btn btn-outline btn-sm" onClick={ab.setPointB} disabled={status !== 'ready'} data-testid="loop-set-b">
            {t('player.loop.setB')}
          </button>
          <button type="button" className="btn btn-outline btn-sm" onClick={ab.clearLoop} disabled={ab.loop.a === null && ab.loop.b === null} data-testid="loop-clear">
            {t('player.loop.clear')}
          </button>
          <span className="loop-state" data-testid="loop-state">
            {ab.loop.a === null ? t('player.loop.off') : ab.loop.b === null ? t('player.loop.onlyA', { a: clock(ab.loop.a) }) : t('player.loop.range', { a: clock(ab.loop.a), b: clock(ab.loop.b) })}
          </span>
        </div>
        {ab.loopError && (
          <p className="field-error" role="alert" data-testid="loop-error">
            {t('player.loop.bAfterA')}
          </p>
        )}
        <div className="practice-row count-in-row">
          <label className="inline-field">
            <input type="checkbox" checked={ab.countIn.on} onChange={(e) => ab.setCountIn((c) => ({ ...c, on: e.target.checked }))} data-testid="count-in-on" />
            <span>{t('player.countIn.label')}</span>
          </label>
          <label className="inline-field">
            <span>{t('player.countIn.beats')}</span>
            <NumberInput
              min={1}
              max={8}
              value={ab.countInDraft.beats}
              onChange={(beats) => ab.setCountInDraft((d) => ({ ...d, beats }))}
              onBlur={() => ab.applyCountIn(ab.countInDraft)}
              data-testid="count-in-beats"
            />
          </label>
          <label className="inline-field">
            <span>{t('player.bpm')}</span>
            <NumberInput
              min={MIN_BPM}
              max={MAX_BPM}
              value={ab.countInDraft.bpm}
              onChange={(bpm) => ab.setCountInDraft((d) => ({ ...d, bpm }))}
              onBlur={() => ab.applyCountIn(ab.countInDraft)}
              data-testid="count-in-bpm"
            />
          </label>
        </div>
      </div>
      {metronome}
      <TunerPanel practiceCourse={practiceCourse} />
    </div>
  );
}
