// The A–B loop with its optional count-in: point A, then B at least 0.3 s later; when playing
// reaches B (or the video ends) it goes back to A, after the count-in's clicks when that is on.
import { useEffect, useRef, useState, type MutableRefObject, type RefObject } from 'react';
import { DEFAULT_BPM, validBpm, type ClickEngine } from '@taal/web-shared/clicks';

/** Loop point B must come at least this long after A. */
const MIN_LOOP_S = 0.3;

export type Loop = { a: number | null; b: number | null };
export type CountIn = { on: boolean; beats: number; bpm: number };
export type CountInDraft = { beats: string; bpm: string };

export function useAbLoop({
  video,
  area,
  engine,
  wantsPlay,
  playing,
}: {
  video: RefObject<HTMLVideoElement>;
  /** The player, which keeps the focus (and the shortcuts) when a button it had goes disabled. */
  area: RefObject<HTMLDivElement>;
  engine: RefObject<ClickEngine>;
  /** Whether the student wants it playing: after the count-in it plays only then. */
  wantsPlay: MutableRefObject<boolean>;
  playing: boolean;
}) {
  const [loop, setLoop] = useState<Loop>({ a: null, b: null });
  const [loopError, setLoopError] = useState(false);
  const [countIn, setCountIn] = useState<CountIn>({ on: false, beats: 4, bpm: DEFAULT_BPM });
  const [countInDraft, setCountInDraft] = useState<CountInDraft>({ beats: '4', bpm: String(DEFAULT_BPM) });
  /** The beat of the count-in sounding (0: get ready), null when none is. */
  const [counting, setCounting] = useState<number | null>(null);
  const countAbort = useRef<AbortController | null>(null);
  // Values the media events read (they are bound once).
  const live = useRef({ loop, countIn });
  live.current = { loop, countIn };

  const stopCountIn = () => {
    countAbort.current?.abort();
    countAbort.current = null;
    setCounting(null);
  };
  /** A count-in is running (the video waits for it). */
  const countingIn = () => countAbort.current !== null;

  /** Back to A: at once, or after the count-in. */
  const repeat = () => {
    const v = video.current;
    const { a } = live.current.loop;
    if (!v || a === null) return;
    const ci = live.current.countIn;
    if (!ci.on) {
      v.currentTime = a;
      if (v.paused) void v.play().catch(() => undefined);
      return;
    }
    if (countAbort.current) return;
    const ac = new AbortController();
    countAbort.current = ac;
    v.pause();
    v.currentTime = a;
    setCounting(0);
    engine.current!.countIn(ci.beats, ci.bpm, (n) => setCounting(n), ac.signal).then(
      () => {
        countAbort.current = null;
        setCounting(null);
        if (wantsPlay.current) void v.play().catch(() => undefined);
      },
      () => undefined,
    );
  };

  const checkLoop = () => {
    const v = video.current;
    const { a, b } = live.current.loop;
    if (!v || a === null || b === null || v.paused || countAbort.current) return;
    if (v.currentTime >= b) repeat();
  };
  const checkLoopRef = useRef(checkLoop);
  checkLoopRef.current = checkLoop;

  useEffect(() => {
    if (!playing) return;
    let id = requestAnimationFrame(function step() {
      checkLoopRef.current();
      id = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(id);
  }, [playing]);

  useEffect(() => () => countAbort.current?.abort(), []);

  /** At the video's end: back to A when both points are set (true), else nothing (false). */
  const repeatAtEnd = () => {
    const { a, b } = live.current.loop;
    if (a === null || b === null) return false;
    repeat();
    return true;
  };

  const setPointA = () => {
    const now = video.current?.currentTime ?? 0;
    setLoopError(false);
    setLoop((l) => ({ a: now, b: l.b !== null && l.b > now + MIN_LOOP_S ? l.b : null }));
  };
  const setPointB = () => {
    const now = video.current?.currentTime ?? 0;
    const a = live.current.loop.a ?? 0;
    if (now < a + MIN_LOOP_S) {
      setLoopError(true);
      return;
    }
    setLoopError(false);
    setLoop({ a, b: now });
  };
  const clearLoop = () => {
    setLoopError(false);
    stopCountIn();
    setLoop({ a: null, b: null });
    // Its button is disabled now and would drop the focus (and the shortcuts with it).
    area.current?.focus({ preventScroll: true });
  };
  /** L: A first, then B; once both are set, a new A. */
  const loopKey = () => {
    const { a, b } = live.current.loop;
    if (a === null || b !== null) setPointA();
    else setPointB();
  };
  /** A play-along passage: the loop set to its start and end. */
  const setRange = (a: number, b: number) => {
    setLoopError(false);
    setLoop({ a, b });
  };
  /** Another lesson: no loop. */
  const reset = () => {
    stopCountIn();
    setLoop({ a: null, b: null });
    setLoopError(false);
  };

  const applyCountIn = (draft: CountInDraft) => {
    const beats = Number(draft.beats);
    const bpm = Number(draft.bpm);
    const next = {
      ...countIn,
      beats: Number.isInteger(beats) && beats >= 1 && beats <= 8 ? beats : countIn.beats,
      bpm: validBpm(bpm) ? bpm : countIn.bpm,
    };
    setCountIn(next);
    setCountInDraft({ beats: String(next.beats), bpm: String(next.bpm) });
  };

  return {
    loop,
    loopError,
    countIn,
    setCountIn,
    countInDraft,
    setCountInDraft,
    counting,
    countingIn,
    stopCountIn,
    checkLoop,
    repeatAtEnd,
    setPointA,
    setPointB,
    clearLoop,
    setRange,
    loopKey,
    reset,
    applyCountIn,
  };
}
export type AbLoop = ReturnType<typeof useAbLoop>;
