// The lesson player (spec §2, course view): a <video> with our own controls (play/pause, seek,
// time, speeds 0.25–2 with the pitch kept, volume starting at 0.3, −10 s / +10 s, controls that
// hide after about 3 s without pointer movement while playing), keyboard shortcuts, and the
// practice tools: an A–B loop with an optional count-in, a metronome, resume where the student
// left off, and practice time. The video URL is signed for 20 minutes (decision 0015); when it
// runs out mid-play the video errors, and the player asks for a new one and continues there.
// Students report their position every 10 s while playing, on pause and on leaving, with the
// seconds actually played since the last report.
// Adaptive streaming (issue 24): when playback answers the signed URL of the lesson's HLS master
// playlist, the browser's own HLS plays it where it has one (canPlayType: Safari, recent Chromium), and
// hls.js elsewhere: its light build, a chunk of its own loaded only once the lesson is opened (the
// student presses play or picks it in the list), never with the page (issue 40: it was ~100 KB of the
// course page's first visit); the MP4 otherwise, and when hls.js fails for good (from the same
// time). The student sees the rendition playing and may pick one (Auto, 240p, 480p, 720p...);
// each rendition switch is also recorded in window.__taalHls for tests and benchmarks.
import { useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { ApiError } from '@taal/web-shared/api';
import { formatNumber } from '@taal/web-shared/format';
import { useTranslation } from '@taal/web-shared/i18n';
import {
  clock,
  DEFAULT_VOLUME,
  JUMP_SECONDS,
  learning,
  MAX_PRACTICE_PER_REPORT,
  REPORT_EVERY_MS,
  SPEEDS,
  stepSpeed,
  type Lesson,
  type LessonProgress,
  type Playback,
} from '../../learning';
import { ClickEngine, DEFAULT_BPM, MAX_BPM, MIN_BPM, validBpm } from '@taal/web-shared/clicks';
import { PracticeMetronome, usePracticeMetronome } from './PracticeMetronome';
import type HlsType from 'hls.js';
import type { ErrorData, LevelSwitchedData, ManifestParsedData } from 'hls.js';
import { BackIcon, ForwardIcon, FullscreenIcon, PauseIcon, PlayIcon, VolumeIcon } from './icons';
import { NumberInput } from '@taal/web-shared/number-input';

/** Controls hide after this long without pointer movement while playing ("about 3 progress ticks"). */
export const HIDE_CONTROLS_MS = 3000;
/** Loop point B must come at least this long after A. */
const MIN_LOOP_S = 0.3;
/** A signed URL is asked for again at most this many times within REFRESH_WINDOW_MS. */
const MAX_REFRESHES = 2;
const REFRESH_WINDOW_MS = 30_000;
/** Played time counted between two clock readings at most (a sleeping laptop is not practice). */
const MAX_CLOCK_STEP_MS = 15_000;
const VOLUME_STEP = 0.1;

type Status = 'loading' | 'ready' | 'refused' | 'missing' | 'failed';
/** What plays the lesson: hls.js (MSE), the browser's own HLS, or the progressive MP4. */
type Stream = 'hls.js' | 'native' | 'mp4';
/** The sources playback answered: the MP4 and, once the ladder is ready, the master playlist. */
interface Source {
  url: string;
  hls: string | null;
}
/** One rendition of the ladder (its index in hls.js's levels). */
interface Level {
  index: number;
  height: number;
  bitrate: number;
}
/** A rendition switch, as tests and the streaming benchmark read them. */
export interface HlsSwitch {
  lesson: string;
  level: number;
  height: number;
  bitrate: number;
  at: number;
}
declare global {
  interface Window {
    __taalHls?: { switches: HlsSwitch[] };
  }
}
const recordSwitch = (s: HlsSwitch) => {
  window.__taalHls ??= { switches: [] };
  window.__taalHls.switches.push(s);
};
/** The master playlist's signed URL from a playback answer (null while the ladder is not ready). */
const hlsOf = (p: Playback): string | null => p.hls || null;
const HLS_TYPE = 'application/vnd.apple.mpegurl';
let nativeHls: boolean | undefined;
/** Whether the browser plays HLS itself (Safari, recent Chromium): then hls.js is never loaded. */
const playsHlsItself = () => (nativeHls ??= document.createElement('video').canPlayType(HLS_TYPE) !== '');

export interface LessonPlayerProps {
  lesson: Lesson;
  /** Reports progress (students only; the server refuses others). */
  student: boolean;
  /** The server's practice seconds for this lesson. */
  practiceSeconds: number;
  onProgress: (progress: LessonProgress) => void;
  /** The server refused to play the lesson (401 / 403). */
  onRefused: (err: ApiError, lesson: Lesson) => void;
  /** The student picked this lesson in the list: its streaming library may load before play is pressed. */
  opened?: boolean;
}

const isTyping = (el: EventTarget | null) =>
  el instanceof HTMLElement && (el.isContentEditable || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement || (el instanceof HTMLInputElement && el.type !== 'range'));

export function LessonPlayer({ lesson, student, practiceSeconds, onProgress, onRefused, opened = false }: LessonPlayerProps) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const area = useRef<HTMLDivElement>(null);
  const screen = useRef<HTMLDivElement>(null);
  const engine = useRef<ClickEngine>(new ClickEngine());
  const metronome = usePracticeMetronome(engine);

  const [source, setSource] = useState<Source | null>(null);
  /** The lesson was opened (play pressed, or picked in the list): hls.js may load now. */
  const [wanted, setWanted] = useState(opened);
  const [stream, setStream] = useState<Stream | null>(null);
  const [levels, setLevels] = useState<Level[]>([]);
  /** The rendition playing (index into levels) and whether the player picks it (Auto). */
  const [level, setLevel] = useState<{ playing: number; auto: boolean }>({ playing: -1, auto: true });
  const [status, setStatus] = useState<Status>('loading');
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(lesson.duration || 0);
  const [rate, setRate] = useState(1);
  const [volume, setVolume] = useState(DEFAULT_VOLUME);
  const [muted, setMuted] = useState(false);
  const [awake, setAwake] = useState(true);
  const [loop, setLoop] = useState<{ a: number | null; b: number | null }>({ a: null, b: null });
  const [loopError, setLoopError] = useState(false);
  const [countIn, setCountIn] = useState({ on: false, beats: 4, bpm: DEFAULT_BPM });
  const [countInDraft, setCountInDraft] = useState({ beats: '4', bpm: String(DEFAULT_BPM) });
  const [counting, setCounting] = useState<number | null>(null);
  const [resumedAt, setResumedAt] = useState<number | null>(null);

  // Values the media events read (they are bound once).
  const live = useRef({ loop, countIn, student, rate, volume, muted, onProgress, onRefused, t });
  live.current = { loop, countIn, student, rate, volume, muted, onProgress, onRefused, t };
  /** The lesson whose video is loaded (progress is reported for it). */
  const loaded = useRef<Lesson | null>(null);
  /** Where to go (and whether to play) once the next source has its metadata. */
  const pendingSeek = useRef<{ time: number; play: boolean } | null>(null);
  /** Whether the student wants it playing (survives a URL refresh). */
  const wantsPlay = useRef(false);
  const lastTime = useRef(0);
  const refreshes = useRef<number[]>([]);
  const practice = useRef<{ ms: number; since: number | null }>({ ms: 0, since: null });
  const lastReported = useRef<number | null>(null);
  const countAbort = useRef<AbortController | null>(null);
  const hideTimer = useRef<number | undefined>(undefined);
  const playingRef = useRef(false);
  const hlsRef = useRef<HlsType | null>(null);
  /** hls.js failed for good on this lesson: the MP4 from then on. */
  const mp4Only = useRef(false);
  /** The student's choice of rendition, kept across a URL refresh (-1: Auto). */
  const chosenLevel = useRef(-1);

  /** Stops hls.js (if it drives the video) and empties the video element. */
  const detach = () => {
    hlsRef.current?.destroy();
    hlsRef.current = null;
    const v = video.current;
    if (v) {
      v.pause();
      v.removeAttribute('src');
      v.load();
    }
  };

  // ---- practice clock and progress reports ----
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

  const report = (opts: { completed?: boolean; keepalive?: boolean } = {}) => {
    const v = video.current;
    const l = loaded.current;
    if (!live.current.student || !v || !l) return;
    flushClock();
    const seconds = Math.min(MAX_PRACTICE_PER_REPORT, Math.floor(practice.current.ms / 1000));
    const at = pendingSeek.current?.time ?? v.currentTime;
    const position = Math.round(Math.min(86_400, Math.max(0, Number.isFinite(at) ? at : 0)) * 10) / 10;
    if (!opts.completed && seconds === 0 && lastReported.current !== null && Math.abs(lastReported.current - position) < 0.5) return;
    practice.current.ms -= seconds * 1000;
    lastReported.current = position;
    learning
      .progress(l._id, { position, practicedSeconds: seconds, ...(opts.completed ? { completed: true } : {}) }, opts.keepalive)
      .then((p) => live.current.onProgress(p))
      .catch(() => {
        // Nothing to show the student: the next report (every 10 s, a pause, leaving) carries this
        // one's seconds and position again instead of dropping them as already sent.
        practice.current.ms += seconds * 1000;
        if (lastReported.current === position) lastReported.current = null;
      });
  };
  const reportRef = useRef(report);
  reportRef.current = report;

  // ---- count-in and the A–B loop ----
  const stopCountIn = () => {
    countAbort.current?.abort();
    countAbort.current = null;
    setCounting(null);
  };

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
    engine.current.countIn(ci.beats, ci.bpm, (n) => setCounting(n), ac.signal).then(
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

  // ---- the lesson's signed URL ----
  const refused = (err: unknown) => {
    if (err instanceof ApiError && (err.status === 401 || err.status === 403)) {
      setStatus('refused');
      live.current.onRefused(err, lesson);
    } else if (err instanceof ApiError && err.status === 404) setStatus('missing');
    else setStatus('failed');
  };

  useEffect(() => {
    let current = true;
    stopCountIn();
    wantsPlay.current = false;
    pendingSeek.current = null;
    lastReported.current = null;
    practice.current = { ms: 0, since: null };
    refreshes.current = [];
    loaded.current = null;
    mp4Only.current = false;
    chosenLevel.current = -1;
    setStatus('loading');
    setWanted(opened);
    setSource(null);
    setStream(null);
    setLevels([]);
    setLevel({ playing: -1, auto: true });
    playingRef.current = false;
    setPlaying(false);
    setTime(0);
    setDuration(lesson.duration || 0);
    setLoop({ a: null, b: null });
    setLoopError(false);
    setResumedAt(null);
    // Stop the previous lesson's video at once (the new source follows when its URL arrives).
    detach();
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
      // Leaving this lesson (another one, or the page): where the student was and what they played.
      reportRef.current();
      loaded.current = null;
    };
  }, [lesson._id]);

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
        setSource({ url: p.url, hls: mp4Only.current ? null : hlsOf(p) });
      },
      (err: unknown) => loaded.current?._id === l._id && refused(err),
    );
  };

  /** hls.js failed for good (not an expired signature): the MP4, from the same time. */
  const fallBackToMp4 = () => {
    const v = video.current;
    const l = loaded.current;
    if (!v || !l || !source) return;
    mp4Only.current = true;
    rememberTime();
    const at = pendingSeek.current?.time ?? lastTime.current;
    pendingSeek.current = { time: at, play: wantsPlay.current };
    setSource({ url: source.url, hls: null });
  };
  const fallBackRef = useRef(fallBackToMp4);
  fallBackRef.current = fallBackToMp4;
  const renewRef = useRef(renewUrl);
  renewRef.current = renewUrl;
  /** The source may start: it needs no library, or the lesson was opened (hls.js loads then). */
  const armed = wanted || !source?.hls || playsHlsItself();

  // ---- the source: hls.js, the browser's HLS, or the MP4 ----
  useEffect(() => {
    const v = video.current;
    if (!v || !source) return;
    let cancelled = false;
    let hls: HlsType | null = null;
    const plain = (url: string, kind: Stream) => {
      setStream(kind);
      setLevels([]);
      v.src = url;
      v.load();
    };
    const nativeOrMp4 = () => (source.hls && v.canPlayType(HLS_TYPE) ? plain(source.hls, 'native') : plain(source.url, 'mp4'));
    if (!source.hls) plain(source.url, 'mp4');
    else if (playsHlsItself()) plain(source.hls, 'native'); // the browser's own HLS: no library
    else if (!armed) {
      // Not opened yet: nothing loads; play (or picking the lesson) loads hls.js and starts from here.
      setStream(null);
      setLevels([]);
      pendingSeek.current ??= { time: 0, play: false };
    } else {
      import(/* webpackChunkName: "hls" */ 'hls.js/light').then(
        ({ default: Hls }) => {
          if (cancelled) return;
          if (!Hls.isSupported()) return nativeOrMp4();
          const lessonId = loaded.current?._id ?? '';
          hls = new Hls({ startPosition: pendingSeek.current?.time ?? -1, startLevel: chosenLevel.current, enableWorker: true });
          hlsRef.current = hls;
          const h = hls;
          h.on(Hls.Events.MANIFEST_PARSED, (_e, d: ManifestParsedData) => {
            setLevels(d.levels.map((l, index) => ({ index, height: l.height, bitrate: l.bitrate })).sort((a, b) => b.height - a.height || b.bitrate - a.bitrate));
            if (chosenLevel.current >= 0) h.nextLevel = chosenLevel.current;
          });
          h.on(Hls.Events.LEVEL_SWITCHED, (_e, d: LevelSwitchedData) => {
            const l = h.levels[d.level];
            setLevel({ playing: d.level, auto: h.autoLevelEnabled });
            recordSwitch({ lesson: lessonId, level: d.level, height: l?.height ?? 0, bitrate: l?.bitrate ?? 0, at: performance.now() });
          });
          h.on(Hls.Events.ERROR, (_e, d: ErrorData) => {
            const code = d.response?.code;
            // An expired (or otherwise refused) signature: ask playback again, from the same time, at
            // once (hls.js would retry the same URL, or declare it fatal only after its retries).
            if (d.type === Hls.ErrorTypes.NETWORK_ERROR && (code === 401 || code === 403 || code === 410)) {
              stopClock();
              rememberTime(); // before destroy() takes the media away
              h.destroy();
              if (hlsRef.current === h) hlsRef.current = null;
              renewRef.current();
              return;
            }
            if (!d.fatal) return;
            rememberTime();
            h.destroy();
            if (hlsRef.current === h) hlsRef.current = null;
            fallBackRef.current();
          });
          setStream('hls.js');
          h.loadSource(source.hls!);
          h.attachMedia(v);
        },
        // The chunk could not be loaded (offline, a new deploy): the browser's HLS or the MP4.
        () => !cancelled && nativeOrMp4(),
      );
    }
    return () => {
      cancelled = true;
      if (hls) {
        hls.destroy();
        if (hlsRef.current === hls) hlsRef.current = null;
      }
    };
  }, [source, armed]);

  useEffect(() => {
    if (opened) setWanted(true);
  }, [opened]);

  /** Auto (-1: from the next segment on) or one rendition (at once: what is buffered is loaded again in it). */
  const chooseLevel = (index: number) => {
    chosenLevel.current = index;
    const h = hlsRef.current;
    if (!h) return;
    if (index < 0) h.nextLevel = -1;
    else h.currentLevel = index;
    setLevel((l) => ({ ...l, auto: index < 0 }));
  };

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

  useEffect(() => {
    const e = engine.current;
    return () => {
      hlsRef.current?.destroy();
      hlsRef.current = null;
      countAbort.current?.abort();
      e.close();
      window.clearTimeout(hideTimer.current);
    };
  }, []);

  // ---- controls ----
  const wake = () => {
    setAwake(true);
    window.clearTimeout(hideTimer.current);
    hideTimer.current = window.setTimeout(() => setAwake(false), HIDE_CONTROLS_MS);
  };

  const play = () => {
    const v = video.current;
    if (!v || status !== 'ready') return;
    wantsPlay.current = true;
    if (countAbort.current) stopCountIn();
    if (!armed) {
      // hls.js is not loaded yet: load it now and play once the stream has its metadata.
      pendingSeek.current = { time: pendingSeek.current?.time ?? 0, play: true };
      setWanted(true);
      return;
    }
    void v.play().catch(() => undefined);
  };
  const pause = () => {
    wantsPlay.current = false;
    stopCountIn();
    video.current?.pause();
  };
  const togglePlay = () => (video.current && !video.current.paused) || countAbort.current ? pause() : play();

  const seekTo = (seconds: number) => {
    const v = video.current;
    if (!v) return;
    const end = Number.isFinite(v.duration) ? v.duration : duration;
    const to = Math.max(0, Math.min(end || 0, seconds));
    if (pendingSeek.current) pendingSeek.current.time = to;
    else v.currentTime = to;
    setTime(to);
  };
  const jump = (delta: number) => seekTo((video.current?.currentTime ?? 0) + delta);

  const changeRate = (value: number) => {
    setRate(value);
    const v = video.current;
    if (v) {
      v.preservesPitch = true;
      v.defaultPlaybackRate = value;
      v.playbackRate = value;
    }
  };
  const changeVolume = (value: number) => {
    const to = Math.round(Math.max(0, Math.min(1, value)) * 100) / 100;
    setVolume(to);
    setMuted(to === 0);
    if (video.current) {
      video.current.volume = to;
      video.current.muted = to === 0;
    }
  };
  const toggleMute = () => {
    const next = !muted;
    setMuted(next);
    if (video.current) video.current.muted = next;
    if (!next && volume === 0) changeVolume(DEFAULT_VOLUME);
  };
  const fullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void screen.current?.requestFullscreen?.().catch(() => undefined);
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

  const applyCountIn = (draft: { beats: string; bpm: string }) => {
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

  const onKeyDown = (e: ReactKeyboardEvent<HTMLDivElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey || isTyping(e.target)) return;
    const onButton = e.target instanceof HTMLButtonElement || (e.target instanceof HTMLElement && e.target.tagName === 'SUMMARY');
    const actions: Record<string, () => void> = {
      ' ': togglePlay,
      k: togglePlay,
      ArrowLeft: () => jump(-JUMP_SECONDS),
      ArrowRight: () => jump(JUMP_SECONDS),
      ArrowUp: () => changeVolume((muted ? 0 : volume) + VOLUME_STEP),
      ArrowDown: () => changeVolume((muted ? 0 : volume) - VOLUME_STEP),
      '[': () => changeRate(stepSpeed(rate, -1)),
      ']': () => changeRate(stepSpeed(rate, 1)),
      l: loopKey,
      m: metronome.toggle,
    };
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    if (key === ' ' && onButton) return; // the focused button's own click
    const action = actions[key];
    if (!action) return;
    e.preventDefault();
    wake();
    action();
  };

  // ---- media events ----
  const onLoadedMetadata = () => {
    const v = video.current;
    if (!v) return;
    if (Number.isFinite(v.duration)) setDuration(v.duration);
    v.preservesPitch = true;
    v.defaultPlaybackRate = live.current.rate;
    v.playbackRate = live.current.rate;
    v.volume = live.current.volume;
    v.muted = live.current.muted;
    const seek = pendingSeek.current;
    pendingSeek.current = null;
    if (seek) {
      v.currentTime = seek.time;
      setTime(seek.time);
    }
    if (seek?.play) void v.play().catch(() => undefined);
  };
  const onTimeUpdate = () => {
    const v = video.current;
    // No media (readyState 0): a source being swapped (a renewed signature, the MP4 fallback) reads 0;
    // that is not where the student is, and a renewal resumes from lastTime.
    if (!v || pendingSeek.current || v.readyState === 0) return;
    lastTime.current = v.currentTime;
    setTime(v.currentTime);
    checkLoop();
  };
  const onPlaying = () => {
    wantsPlay.current = true;
    startClock();
    // From a pause: the controls hide after a while. (After a seek or a loop jump while playing
    // `playing` fires again; that is no pointer movement.)
    if (!playingRef.current) wake();
    playingRef.current = true;
    setPlaying(true);
  };
  const onPause = () => {
    playingRef.current = false;
    setPlaying(false);
    stopClock();
    setAwake(true);
    if (!countAbort.current) report();
  };
  const onEnded = () => {
    playingRef.current = false;
    setPlaying(false);
    stopClock();
    const { a, b } = live.current.loop;
    if (a !== null && b !== null) {
      repeat();
      return;
    }
    wantsPlay.current = false;
    report({ completed: true });
  };
  const onError = () => {
    // hls.js reports its own failures (its ERROR event above).
    if (hlsRef.current) return;
    stopClock();
    playingRef.current = false;
    setPlaying(false);
    renewUrl();
  };

  // The element's volume starts at the spec's 0.3.
  useEffect(() => {
    if (video.current) video.current.volume = DEFAULT_VOLUME;
  }, []);

  const shown = !playing || awake || counting !== null;
  const end = duration || lesson.duration || 0;
  const pct = (s: number) => (end > 0 ? `${Math.min(100, (s / end) * 100)}%` : '0%');
  const practiceMinutes = Math.floor(practiceSeconds / 60);
  const playingLevel = levels.find((l) => l.index === level.playing);
  const heightLabel = (height: number) => t('player.quality.height', { height: formatNumber(height) });

  return (
    <div
      className="player"
      ref={area}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      data-testid="player"
      data-lesson-id={lesson._id}
      data-status={status}
      data-stream={stream ?? ''}
      data-level-height={playingLevel?.height ?? ''}
    >
      <div
        ref={screen}
        className={`player-screen ${shown ? '' : 'controls-hidden'}`}
        data-controls={shown ? 'visible' : 'hidden'}
        onPointerMove={wake}
        onPointerDown={wake}
        onFocus={wake}
      >
        <video
          ref={video}
          preload="metadata"
          playsInline
          controlsList="nodownload"
          data-testid="player-video"
          onClick={() => {
            area.current?.focus({ preventScroll: true });
            togglePlay();
          }}
          onDoubleClick={fullscreen}
          onLoadedMetadata={onLoadedMetadata}
          onDurationChange={() => video.current && Number.isFinite(video.current.duration) && setDuration(video.current.duration)}
          onTimeUpdate={onTimeUpdate}
          onPlaying={onPlaying}
          onPause={onPause}
          onWaiting={stopClock}
          onEnded={onEnded}
          onError={onError}
          onRateChange={() => video.current && setRate(video.current.playbackRate)}
        />
        {status !== 'ready' && (
          <div className="player-overlay" data-testid="player-message">
            {status === 'loading' ? <span className="spinner" aria-label={t('common.loading')} /> : <p>{t(`player.status.${status}`)}</p>}
          </div>
        )}
        {counting !== null && (
          <div className="player-overlay count-in" data-testid="count-in" aria-live="assertive">
            <span>{counting === 0 ? t('player.countIn.getReady') : counting}</span>
          </div>
        )}
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
                  value={level.auto ? 'auto' : String(chosenLevel.current)}
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
      </div>

      <div className="player-info">
        <h3 data-testid="player-title">{t('player.lessonTitle', { position: lesson.position, title: lesson.originalname })}</h3>
        {student && (
          <p className="muted" data-testid="practice-time" data-seconds={practiceSeconds}>
            {practiceSeconds === 0 ? t('player.noPractice') : practiceSeconds < 60 ? t('player.practiceUnderMinute') : t('player.practiceMinutes', { count: practiceMinutes })}
          </p>
        )}
        {resumedAt !== null && (
          <p className="resume-note" data-testid="resume-note">
            {t('player.resumed', { time: clock(resumedAt) })}{' '}
            <button
              type="button"
              className="link-btn"
              onClick={() => {
                seekTo(0);
                setResumedAt(null);
              }}
            >
              {t('player.startOver')}
            </button>
          </p>
        )}
      </div>

      <div className="practice">
        <div className="practice-box practice-loop" data-testid="loop" data-a={loop.a ?? ''} data-b={loop.b ?? ''}>
          <h3>{t('player.loop.title')}</h3>
          <div className="practice-row">
            <button type="button" className="btn btn-outline btn-sm" onClick={setPointA} disabled={status !== 'ready'} data-testid="loop-set-a">
              {t('player.loop.setA')}
            </button>
            <button type="button" className="btn btn-outline btn-sm" onClick={setPointB} disabled={status !== 'ready'} data-testid="loop-set-b">
              {t('player.loop.setB')}
            </button>
            <button type="button" className="btn btn-outline btn-sm" onClick={clearLoop} disabled={loop.a === null && loop.b === null} data-testid="loop-clear">
              {t('player.loop.clear')}
            </button>
            <span className="loop-state" data-testid="loop-state">
              {loop.a === null ? t('player.loop.off') : loop.b === null ? t('player.loop.onlyA', { a: clock(loop.a) }) : t('player.loop.range', { a: clock(loop.a), b: clock(loop.b) })}
            </span>
          </div>
          {loopError && (
            <p className="field-error" role="alert" data-testid="loop-error">
              {t('player.loop.bAfterA')}
            </p>
          )}
          <div className="practice-row count-in-row">
            <label className="inline-field">
              <input type="checkbox" checked={countIn.on} onChange={(e) => setCountIn((c) => ({ ...c, on: e.target.checked }))} data-testid="count-in-on" />
              <span>{t('player.countIn.label')}</span>
            </label>
            <label className="inline-field">
              <span>{t('player.countIn.beats')}</span>
              <NumberInput
                min={1}
                max={8}
                value={countInDraft.beats}
                onChange={(beats) => setCountInDraft((d) => ({ ...d, beats }))}
                onBlur={() => applyCountIn(countInDraft)}
                data-testid="count-in-beats"
              />
            </label>
            <label className="inline-field">
              <span>{t('player.bpm')}</span>
              <NumberInput
                min={MIN_BPM}
                max={MAX_BPM}
                value={countInDraft.bpm}
                onChange={(bpm) => setCountInDraft((d) => ({ ...d, bpm }))}
                onBlur={() => applyCountIn(countInDraft)}
                data-testid="count-in-bpm"
              />
            </label>
          </div>
        </div>
        <PracticeMetronome m={metronome} />
      </div>

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
    </div>
  );
}
