// The lesson player's keyboard shortcuts: which key a press asks for, and their list under the player.
import type { KeyboardEvent as ReactKeyboardEvent } from 'react';
import { useTranslation } from '@taal/web-shared/i18n';
import { JUMP_SECONDS, stepSpeed } from '../../learning';
import type { PlaybackSettings } from './usePlaybackSettings';

const VOLUME_STEP = 0.1;

const isTyping = (el: EventTarget | null) =>
  el instanceof HTMLElement && (el.isContentEditable || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement || (el instanceof HTMLInputElement && el.type !== 'range'));

/** The shortcut key a press asks for, or null: typing, a modifier held, or Space on a button (its own click). */
function shortcutOf(e: ReactKeyboardEvent<HTMLElement>): string | null {
  if (e.altKey || e.ctrlKey || e.metaKey || isTyping(e.target)) return null;
  const onButton = e.target instanceof HTMLButtonElement || (e.target instanceof HTMLElement && e.target.tagName === 'SUMMARY');
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  return key === ' ' && onButton ? null : key;
}

/** What the player's keys do (the list below names them). */
export interface ShortcutActions {
  togglePlay: () => void;
  jump: (delta: number) => void;
  settings: PlaybackSettings;
  loopKey: () => void;
  toggleMetronome: () => void;
  /** Shows the controls (a key press is a sign of life). */
  wake: () => void;
}

/** Does what the pressed key asks for, if it is a shortcut and not typing. */
export function onShortcut(e: ReactKeyboardEvent<HTMLElement>, a: ShortcutActions) {
  const key = shortcutOf(e);
  if (key === null) return;
  const { muted, volume, rate, changeVolume, changeRate } = a.settings;
  const actions: Record<string, () => void> = {
    ' ': a.togglePlay,
    k: a.togglePlay,
    ArrowLeft: () => a.jump(-JUMP_SECONDS),
    ArrowRight: () => a.jump(JUMP_SECONDS),
    ArrowUp: () => changeVolume((muted ? 0 : volume) + VOLUME_STEP),
    ArrowDown: () => changeVolume((muted ? 0 : volume) - VOLUME_STEP),
    '[': () => changeRate(stepSpeed(rate, -1)),
    ']': () => changeRate(stepSpeed(rate, 1)),
    l: a.loopKey,
    m: a.toggleMetronome,
  };
  const action = actions[key];
  if (!action) return;
  e.preventDefault();
  a.wake();
  action();
}

export function PlayerShortcuts() {
  const { t } = useTranslation();
  return (
    <details className="player-help" data-testid="player-shortcuts">
      <summary>{t('player.shortcuts.title')}</summary>
      <p className="muted">{t('player.shortcuts.hint')}</p>
      <dl>
        {(
          [
            ['Space / K', 'playPause'],
            ['← / →', 'jump'],
            ['↑ / ↓', 'volume'],
            ['[ / ]', 'speed'],
            ['L', 'loop'],
            ['M', 'metronome'],
          ] as const
        ).map(([keys, what]) => (
          <div key={what}>
            <dt>
              <kbd>{keys}</kbd>
            </dt>
            <dd>{t(`player.shortcuts.${what}`, { seconds: JUMP_SECONDS })}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
