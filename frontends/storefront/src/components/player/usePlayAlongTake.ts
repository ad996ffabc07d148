// One play-along take (decision 0081): the microphone opened through the listening core, the
// passage's count-in at its tempo, the lesson played from A, every frame kept until B, then the
// take scored (listen/score) and reported to the practice log with the seconds playing was heard.
import { useEffect, useRef, useState, type MutableRefObject, type RefObject } from 'react';
import { answer, authApi } from '@taal/web-shared/api';
import type { ClickEngine } from '@taal/web-shared/clicks';
import { heardSeconds, scoreFrames, type HeardFrame, type Reference, type TakeScore } from '@taal/web-shared/listen/score';

export interface PassageLike {
  id: string;
  courseId: string;
  startSeconds: number;
  endSeconds: number;
  bpm: number;
  percussive: boolean;
  notes: Reference['notes'];
}

export type TakeState = { phase: 'idle' } | { phase: 'opening' } | { phase: 'counting'; beat: number } | { phase: 'playing' } | { phase: 'done'; score: TakeScore } | { phase: 'noMicrophone' } | { phase: 'failed' };

const COUNT_IN_BEATS = 4;
/** Listening goes on this long after B: a last note played late is still heard. */
const TAIL_S = 0.6;

/** The listening core's refusal: no permission or no microphone (ListenError 'denied' / 'missing'), else listening is unsupported. */
const isMicrophoneRefusal = (err: unknown) => (err as { reason?: string } | null)?.reason === 'denied' || (err as { reason?: string } | null)?.reason === 'missing';

export function usePlayAlongTake({ video, engine, wantsPlay }: { video: RefObject<HTMLVideoElement>; engine: RefObject<ClickEngine>; wantsPlay: MutableRefObject<boolean> }) {
  const [state, setState] = useState<TakeState>({ phase: 'idle' });
  const running = useRef<{ stop: () => void } | null>(null);
  const stop = () => {
    running.current?.stop();
    running.current = null;
  };
  useEffect(() => stop, []);

  const start = async (passage: PassageLike) => {
    stop();
    setState({ phase: 'opening' });
    const frames: HeardFrame[] = [];
    const abort = new AbortController();
    let listening: { stop(): void; context: AudioContext };
    try {
      const { startListening } = await import(/* webpackChunkName: "listener" */ '@taal/web-shared/listen/listener');
      listening = await startListening({ a4: 440, onFrame: (f: HeardFrame) => frames.push(f) });
    } catch (err) {
      setState({ phase: isMicrophoneRefusal(err) ? 'noMicrophone' : 'failed' });
      return;
    }
    let timer = 0;
    running.current = {
      stop: () => {
        abort.abort();
        window.clearTimeout(timer);
        listening.stop();
      },
    };
    const v = video.current;
    v?.pause();
    if (v) v.currentTime = passage.startSeconds;
    setState({ phase: 'counting', beat: 0 });
    try {
      await engine.current!.countIn(COUNT_IN_BEATS, passage.bpm, (beat) => setState({ phase: 'counting', beat }), abort.signal);
    } catch {
      return;
    }
    // The passage's first beat, on the listener's clock (the video starts as the count-in ends).
    const startAt = listening.context.currentTime;
    wantsPlay.current = true;
    void v?.play().catch(() => undefined);
    setState({ phase: 'playing' });
    const length = passage.endSeconds - passage.startSeconds;
    timer = window.setTimeout(() => {
      running.current = null;
      listening.stop();
      v?.pause();
      wantsPlay.current = false;
      const reference: Reference = { bpm: passage.bpm, percussive: passage.percussive, notes: passage.notes };
      const score = scoreFrames(reference, frames, startAt);
      setState({ phase: 'done', score });
      const body = {
        reportId: crypto.randomUUID(),
        courseId: passage.courseId,
        heardSeconds: Math.min(600, Math.round(heardSeconds(frames))),
        passageId: passage.id,
        pitchScore: score.pitchScore ?? score.timingScore,
        timingScore: score.timingScore,
        score: score.score,
      };
      // The log is kept by learning; a report that fails leaves the take shown.
      void answer(authApi.POST('/api/v1/practice/reports', { body })).catch(() => undefined);
    }, (length + TAIL_S) * 1000);
  };

  return {
    state,
    start,
    cancel: () => {
      stop();
      setState({ phase: 'idle' });
    },
  };
}
