// The lesson player's control bar (spec §2): the seek bar with the A–B loop marked on it, −10 s,
// play/pause, +10 s, the time, volume, speed, the rendition (hls.js only) and full screen.
import { formatNumber } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import { clock, JUMP_SECONDS, SPEEDS } from '../../learning';
import { BackIcon, ForwardIcon, FullscreenIcon, PauseIcon, PlayIcon, VolumeIcon } from './icons';
import type { Loop } from './useAbLoop';
import type { Status } from './stream';
import type { HlsSource } from './useHlsSource';
import type { PlaybackSettings } from './usePlaybackSettings';

export interface PlayerControlsProps {
  status: Status;
  playing: boolean;
  time: number;
  /** The lesson's length in seconds (0 while unknown). */
  end: number;
  loop: Loop;
  settings: PlaybackSettings;
  /** The stream, its renditions and the student's choice of one. */
  hls: HlsSource;
  seekTo: (seconds: number) => void;
  jump: (delta: number) => void;
  togglePlay: () => void;
  fullscreen: () => void;
}

export function PlayerControls(p: PlayerControlsProps) {
  const { status, playing, time, end, loop, seekTo, jump, togglePlay, fullscreen } = p;
  const { muted, volume, rate, toggleMute, changeVolume, changeRate } = p.settings;
  const { stream, levels, level, chosenLevel, chooseLevel } = p.hls;
  const { t } = useTranslation();
  const pct = (s: number) => (end > 0 ? `${Math.min(100, (s / end) * 100)}%` : '0%');
  const playingLevel = levels.find((l) => l.index === level.playing);
  const heightLabel = (height: number) => t('player.quality.height', { height: formatNumber(height) });
  return (
    <div className="player-controls">
      <div className="seek">
        {loop.a !== null && loop.b !== null && <span className="loop-range" style={{ left: pct(loop.a), width: `calc(${pct(loop.b)} - ${pct(loop.a)})` }} />}
        {loop.a !== null && (
          <span className="loop-mark" style={{ left: pct(loop.a) }} data-testid="loop-mark-a">
            A
          </span>
        )}
        {loop.b !== null && (
          <span className="loop-mark" style={{ left: pct(loop.b) }} data-testid="loop-mark-b">
            B
          </span>
        )}
        <input
          type="range"
          min={0}
          max={end || 0}
          step={0.1}
          value={Math.min(time, end || 0)}
          onChange={(e) => seekTo(Number(e.target.value))}
          aria-label={t('player.seek')}
          aria-valuetext={`${clock(time)} / ${clock(end)}`}
          data-testid="player-seek"
          disabled={status !== 'ready'}
        />
      </div>
      <div className="control-row">
        <button type="button" className="ctl" onClick={() => jump(-JUMP_SECONDS)} aria-label={t('player.back', { seconds: JUMP_SECONDS })} title={t('player.back', { seconds: JUMP_SECONDS })} data-testid="player-back">
          <BackIcon />
          <span className="ctl-num">{formatNumber(JUMP_SECONDS)}</span>
        </button>
        <button
          type="button"
          className="ctl ctl-play"
          onClick={togglePlay}
          aria-label={playing ? t('player.pause') : t('player.play')}
          title={playing ? t('player.pause') : t('player.play')}
          data-testid="player-play"
          disabled={status !== 'ready'}
        >
          {playing ? <PauseIcon /> : <PlayIcon />}
        </button>
        <button type="button" className="ctl" onClick={() => jump(JUMP_SECONDS)} aria-label={t('player.forward', { seconds: JUMP_SECONDS })} title={t('player.forward', { seconds: JUMP_SECONDS })} data-testid="player-forward">
          <ForwardIcon />
          <span className="ctl-num">{formatNumber(JUMP_SECONDS)}</span>
        </button>
        <span className="player-time" data-testid="player-time">
          {clock(time)} / {clock(end)}
        </span>
        <span className="spacer" />
        <button type="button" className="ctl" onClick={toggleMute} aria-label={muted ? t('player.unmute') : t('player.mute')} title={muted ? t('player.unmute') : t('player.mute')}>
          <VolumeIcon muted={muted || volume === 0} />
        </button>
        <input
          type="range"
          className="volume"
          min={0}
          max={1}
          step={0.05}
          value={muted ? 0 : volume}
          onChange={(e) => changeVolume(Number(e.target.value))}
          aria-label={t('player.volume')}
          data-testid="player-volume"
        />
        <label className="speed">
          <span className="sr-only">{t('player.speed')}</span>
          <select value={String(rate)} onChange={(e) => changeRate(Number(e.target.value))} aria-label={t('player.speed')} title={t('player.speed')} data-testid="player-speed">
            {SPEEDS.map((s) => (
              <option key={s} value={String(s)}>
                {t('player.speedValue', { speed: s })}
              </option>
            ))}
          </select>
        </label>
        {stream === 'hls.js' && levels.length > 0 && (
          <label className="speed quality">
            <span className="sr-only">{t('player.quality.label')}</span>
            <select
              value={level.auto ? 'auto' : String(chosenLevel)}
              onChange={(e) => chooseLevel(e.target.value === 'auto' ? -1 : Number(e.target.value))}
              aria-label={t('player.quality.label')}
              title={t('player.quality.label')}
              data-testid="player-quality"
              data-height={playingLevel?.height ?? ''}
              data-auto={level.auto ? 'true' : 'false'}
            >
              <option value="auto">{playingLevel ? t('player.quality.autoAt', { quality: heightLabel(playingLevel.height) }) : t('player.quality.auto')}</option>
              {levels.map((l) => (
                <option key={l.index} value={String(l.index)}>
                  {heightLabel(l.height)}
                </option>
              ))}
            </select>
          </label>
        )}
        <button type="button" className="ctl" onClick={fullscreen} aria-label={t('player.fullscreen')} title={t('player.fullscreen')}>
          <FullscreenIcon />
        </button>
      </div>
    </div>
  );
}
