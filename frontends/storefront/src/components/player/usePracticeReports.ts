// The practice clock and the progress reports (students only): the seconds actually played since
// the last report and where the student is, every 10 s while playing, on pause, on leaving the
// lesson and on leaving the page. A report that fails is carried by the next one.
import { useEffect, useRef, type MutableRefObject, type RefObject } from 'react';
import { learning, MAX_PRACTICE_PER_REPORT, REPORT_EVERY_MS, type Lesson, type LessonProgress } from '../../learning';
import type { PendingSeek } from './usePlaybackState';

/** Played time counted between two clock readings at most (a sleeping laptop is not practice). */
const MAX_CLOCK_STEP_MS = 15_000;

export function usePracticeReports({
  video,
  loaded,
  pendingSeek,
  playing,
  who,
}: {
  video: RefObject<HTMLVideoElement>;
  /** The lesson whose video is loaded (progress is reported for it). */
  loaded: RefObject<Lesson | null>;
  pendingSeek: MutableRefObject<PendingSeek | null>;
  playing: boolean;
  /** Whether to report (students only), and where the server's answer goes. */
  who: RefObject<{ student: boolean; onProgress: (progress: LessonProgress) => void }>;
}) {
  const practice = useRef<{ ms: number; since: number | null }>({ ms: 0, since: null });
  const lastReported = useRef<number | null>(null);

  const flushClock = () => {
    const p = practice.current;
    if (p.since === null) return;
    const now = performance.now();
    p.ms += Math.min(MAX_CLOCK_STEP_MS, Math.max(0, now - p.since));
    p.since = now;
  };
  const startClock = () => {
    flushClock();
    practice.current.since = performance.now();
  };
  const stopClock = () => {
    flushClock();
    practice.current.since = null;
  };
  /** Another lesson: nothing played, nothing reported yet. */
  const reset = () => {
    lastReported.current = null;
    practice.current = { ms: 0, since: null };
  };

  const report = (opts: { completed?: boolean; keepalive?: boolean } = {}) => {
    const v = video.current;
    const l = loaded.current;
    if (!who.current?.student || !v || !l) return;
    flushClock();
    const seconds = Math.min(MAX_PRACTICE_PER_REPORT, Math.floor(practice.current.ms / 1000));
    const at = pendingSeek.current?.time ?? v.currentTime;
    const position = Math.round(Math.min(86_400, Math.max(0, Number.isFinite(at) ? at : 0)) * 10) / 10;
    if (!opts.completed && seconds === 0 && lastReported.current !== null && Math.abs(lastReported.current - position) < 0.5) return;
    practice.current.ms -= seconds * 1000;
    lastReported.current = position;
    learning
      .progress(l._id, { position, practicedSeconds: seconds, ...(opts.completed ? { completed: true } : {}) }, opts.keepalive)
      .then((p) => who.current?.onProgress(p))
      .catch(() => {
        // Nothing to show the student: the next report (every 10 s, a pause, leaving) carries this
        // one's seconds and position again instead of dropping them as already sent.
        practice.current.ms += seconds * 1000;
        if (lastReported.current === position) lastReported.current = null;
      });
  };
  const reportRef = useRef(report);
  reportRef.current = report;

  // Leaving the page: a last report that outlives it.
  useEffect(() => {
    const leave = () => reportRef.current({ keepalive: true });
    window.addEventListener('pagehide', leave);
    return () => window.removeEventListener('pagehide', leave);
  }, []);

  // Every 10 s while playing.
  useEffect(() => {
    if (!playing) return;
    const id = window.setInterval(() => reportRef.current(), REPORT_EVERY_MS);
    return () => window.clearInterval(id);
  }, [playing]);

  return { startClock, stopClock, report, reportRef, reset };
}
