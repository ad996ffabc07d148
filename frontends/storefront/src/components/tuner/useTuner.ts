// The tuner's state (issue 54 item 1): the microphone through the shared listener (loaded on
// Start: its worklet and pitchy never come with a page), the instrument, the reference A4 and the
// reading shown, updated at most 20 times a second (the worklet sends about 94 frames a second).
import { useEffect, useRef, useState } from 'react';
import type { ListenFailure, ListenHandle } from '@taal/web-shared/listen/listener';
import { A4_DEFAULT, A4_MAX, A4_MIN, frequencyToNote, nearestString, presetById, validA4, type Note } from '@taal/web-shared/listen/notes';
import { useHeardReports } from './useHeardReports';

export interface Reading extends Note {
  frequency: number;
  /** Index of the preset's nearest open string. */
  string: number;
  /** The note is no longer heard (shown greyed until it is forgotten). */
  stale: boolean;
}

export type TunerStatus = 'idle' | 'starting' | 'listening' | ListenFailure;

const SHOW_EVERY = 0.05;
const STALE_AFTER = 0.25;
const FORGET_AFTER = 1.5;
const PRESET_KEY = 'taal.tuner.preset';
const A4_KEY = 'taal.tuner.a4';

const stored = (key: string): string | null => {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
};
const store = (key: string, value: string) => {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    /* private mode: the choice lasts for the page */
  }
};

/** `practiceCourse`: in a student's classroom, the course whose practice log the heard time goes to. */
export function useTuner(practiceCourse?: string) {
  const reports = useHeardReports(practiceCourse);
  const [status, setStatus] = useState<TunerStatus>('idle');
  const [presetId, setPresetIdState] = useState(() => presetById(stored(PRESET_KEY) ?? '').id);
  const [a4, setA4State] = useState(() => {
    const saved = Number(stored(A4_KEY));
    return validA4(saved) ? saved : A4_DEFAULT;
  });
  const [a4Draft, setA4Draft] = useState(String(a4));
  const [a4Error, setA4Error] = useState(false);
  const [reading, setReading] = useState<Reading | null>(null);
  const handle = useRef<ListenHandle | null>(null);
  const wanted = useRef(false);
  const settings = useRef({ a4, presetId });
  settings.current = { a4, presetId };

  useEffect(
    () => () => {
      wanted.current = false;
      handle.current?.stop();
    },
    [],
  );

  const start = async () => {
    wanted.current = true;
    setStatus('starting');
    try {
      const { startListening } = await import(/* webpackChunkName: "listener" */ '@taal/web-shared/listen/listener');
      let shownAt = -Infinity;
      let heardAt = -Infinity;
      let last: Reading | null = null;
      let shownKey = '';
      const listening = await startListening({
        a4: settings.current.a4,
        onFrame: (frame) => {
          reports.heard(frame);
          if (frame.frequency !== null) {
            heardAt = frame.time;
            const { a4: ref, presetId: id } = settings.current;
            const note = frequencyToNote(frame.frequency, ref);
            last = { ...note, frequency: frame.frequency, string: nearestString(presetById(id), frame.frequency, ref), stale: false };
          }
          if (frame.time - shownAt < SHOW_EVERY) return;
          shownAt = frame.time;
          const quiet = frame.time - heardAt;
          const next = last === null || quiet > FORGET_AFTER ? null : quiet > STALE_AFTER ? { ...last, stale: true } : last;
          if (quiet > FORGET_AFTER) last = null;
          // Drawn again only when what it shows changes (a held note mostly does not).
          const key = next ? `${next.midi}|${next.cents.toFixed(1)}|${next.string}|${next.stale}` : '';
          if (key === shownKey) return;
          shownKey = key;
          setReading(next);
        },
      });
      if (!wanted.current) return listening.stop();
      handle.current = listening;
      setStatus('listening');
    } catch (error) {
      const reason = (error as { reason?: ListenFailure }).reason;
      setStatus(reason ?? 'unsupported');
    }
  };

  const stop = () => {
    wanted.current = false;
    handle.current?.stop();
    handle.current = null;
    reports.flush();
    setReading(null);
    setStatus('idle');
  };

  const setPresetId = (id: string) => {
    setPresetIdState(id);
    store(PRESET_KEY, id);
    // The reading shown names the new instrument's nearest string at once, not at the next drawing.
    setReading((r) => r && { ...r, string: nearestString(presetById(id), r.frequency, settings.current.a4) });
  };

  const applyA4 = () => {
    const value = Number(a4Draft);
    if (a4Draft === '' || !validA4(value)) {
      setA4Error(true);
      setA4Draft(String(a4));
      return;
    }
    setA4Error(false);
    setA4State(value);
    store(A4_KEY, String(value));
    handle.current?.setA4(value);
  };

  return { status, start, stop, presetId, setPresetId, a4, a4Draft, setA4Draft, applyA4, a4Error, a4Range: { min: A4_MIN, max: A4_MAX }, reading };
}

export type TunerState = ReturnType<typeof useTuner>;
