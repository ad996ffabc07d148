// The lesson's signed video URL (decision 0015: 20 minutes): asked for when the lesson changes,
// asked for again when it runs out mid-play (the student continues where they were), and the MP4
// from the same time when hls.js fails for good. Where the student left off comes with it.
import { useEffect, useRef, useState, type MutableRefObject, type RefObject } from 'react';
import { ApiError } from '@taal/web-shared/api';
import { learning, type Lesson } from '../../learning';
import { hlsOf, playsHlsItself, type Source, type Status } from './stream';
import { useHlsSource, type SourceEvents } from './useHlsSource';
import type { PendingSeek } from './usePlaybackState';

/** A signed URL is asked for again at most this many times within REFRESH_WINDOW_MS. */
const MAX_REFRESHES = 2;
const REFRESH_WINDOW_MS = 30_000;

export function useLessonSource({
  lesson,
  opened,
  video,
  loaded,
  pendingSeek,
  wantsPlay,
  onRefused,
  onLeave,
  stopClock,
}: {
  lesson: Lesson;
  /** The student picked this lesson in the list: hls.js may load before play is pressed. */
  opened: boolean;
  video: RefObject<HTMLVideoElement>;
  /** The lesson whose video is loaded (set once its URL arrives). */
  loaded: MutableRefObject<Lesson | null>;
  pendingSeek: MutableRefObject<PendingSeek | null>;
  wantsPlay: MutableRefObject<boolean>;
  onRefused: RefObject<(err: ApiError, lesson: Lesson) => void>;
  /** Leaving a lesson (another one, or the page), while its video still tells where the student is. */
  onLeave: RefObject<() => void>;
  stopClock: () => void;
}) {
  const [source, setSource] = useState<Source | null>(null);
  /** The lesson was opened (play pressed, or picked in the list): hls.js may load now. */
  const [wanted, setWanted] = useState(opened);
  const [status, setStatus] = useState<Status>('loading');
  const [resumedAt, setResumedAt] = useState<number | null>(null);
  const lastTime = useRef(0);
  const refreshes = useRef<number[]>([]);
  const sourceEvents = useRef<SourceEvents | null>(null);

  const refused = (err: unknown) => {
    if (err instanceof ApiError && (err.status === 401 || err.status === 403)) {
      setStatus('refused');
      onRefused.current?.(err, lesson);
    } else if (err instanceof ApiError && err.status === 404) setStatus('missing');
    else setStatus('failed');
  };

  // Declared before the source's effects: leaving a lesson reports its position before hls.js lets the media go.
  useEffect(() => {
    let current = true;
    refreshes.current = [];
    loaded.current = null;
    hls.reset();
    setStatus('loading');
    setWanted(opened);
    setSource(null);
    setResumedAt(null);
    // Stop the previous lesson's video at once (the new source follows when its URL arrives).
    hls.detach();
    learning.playback(lesson._id).then(
      (p) => {
        if (!current) return;
        const resume = p.resumeAt > 0 && (!lesson.duration || p.resumeAt < lesson.duration - 1) ? p.resumeAt : 0;
        pendingSeek.current = resume > 0 ? { time: resume, play: false } : null;
        setResumedAt(resume > 0 ? resume : null);
        loaded.current = lesson;
        setSource({ url: p.url, hls: hlsOf(p) });
        setStatus('ready');
      },
      (err: unknown) => current && refused(err),
    );
    return () => {
      current = false;
      onLeave.current?.();
      loaded.current = null;
    };
  }, [lesson._id]);

  /** The source may start: it needs no library, or the lesson was opened (hls.js loads then). */
  const armed = wanted || !source?.hls || playsHlsItself();
  const hls = useHlsSource({ video, source, armed, pendingSeek, loaded, events: sourceEvents });

  useEffect(() => {
    if (opened) setWanted(true);
  }, [opened]);

  /** Where the student is: the element's own time while it has media (time updates come only every
   *  ~250 ms), else the last one seen before its source went (a swap reads 0 there). */
  const rememberTime = () => {
    const v = video.current;
    if (v && v.readyState > 0 && !pendingSeek.current) lastTime.current = v.currentTime;
  };

  /** The signed URL ran out (or the stream broke): a new one, from the same time. */
  const renewUrl = () => {
    const l = loaded.current;
    if (!l) return;
    rememberTime();
    const now = Date.now();
    refreshes.current = refreshes.current.filter((at) => now - at < REFRESH_WINDOW_MS);
    if (refreshes.current.length >= MAX_REFRESHES) {
      setStatus('failed');
      return;
    }
    refreshes.current.push(now);
    const at = pendingSeek.current?.time ?? lastTime.current;
    learning.playback(l._id).then(
      (p) => {
        if (loaded.current?._id !== l._id) return;
        pendingSeek.current = { time: at, play: wantsPlay.current };
        setSource({ url: p.url, hls: hls.mp4Only.current ? null : hlsOf(p) });
      },
      (err: unknown) => loaded.current?._id === l._id && refused(err),
    );
  };

  /** hls.js failed for good (not an expired signature): the MP4, from the same time. */
  const fallBackToMp4 = () => {
    const v = video.current;
    const l = loaded.current;
    if (!v || !l || !source) return;
    hls.mp4Only.current = true;
    rememberTime();
    const at = pendingSeek.current?.time ?? lastTime.current;
    pendingSeek.current = { time: at, play: wantsPlay.current };
    setSource({ url: source.url, hls: null });
  };
  sourceEvents.current = {
    expired: () => {
      stopClock();
      renewUrl();
    },
    broken: fallBackToMp4,
    rememberTime,
  };

  return { status, armed, resumedAt, setResumedAt, lastTime, renewUrl, openNow: () => setWanted(true), hls };
}
