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
// Its parts: useLessonSource (the signed URL) with useHlsSource (what plays it), usePlaybackState,
// useVideoEvents, usePracticeReports, useAbLoop, usePlaybackSettings and useAutoHide;
// PlayerControls, LessonInfo, PracticeTools and PlayerShortcuts draw it. This component holds what
// they share.
import { useEffect, useRef, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import type { ApiError } from '@taal/web-shared/api';
import { useTranslation } from '@taal/web-shared/i18n';
import type { Lesson, LessonProgress } from '../../learning';
import { ClickEngine } from '@taal/web-shared/clicks';
import { PracticeMetronome, usePracticeMetronome } from './PracticeMetronome';
import { useLessonSource } from './useLessonSource';
import { usePracticeReports } from './usePracticeReports';
import { useAbLoop } from './useAbLoop';
import { usePlaybackSettings } from './usePlaybackSettings';
import { useAutoHide } from './useAutoHide';
import { PlayerControls } from './PlayerControls';
import { PracticeTools } from './PracticeTools';
import { PlayAlongSlot } from './PlayAlongSlot';
import { onShortcut, PlayerShortcuts } from './PlayerShortcuts';
import { LessonInfo } from './LessonInfo';
import { useVideoEvents } from './useVideoEvents';
import { usePlaybackState } from './usePlaybackState';

export { HIDE_CONTROLS_MS } from './useAutoHide';
export type { HlsSwitch } from './stream';

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

export function LessonPlayer({ lesson, student, practiceSeconds, onProgress, onRefused, opened = false }: LessonPlayerProps) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const area = useRef<HTMLDivElement>(null);
  const screen = useRef<HTMLDivElement>(null);
  const engine = useRef<ClickEngine>(new ClickEngine());
  const metronome = usePracticeMetronome(engine);

  const playback = usePlaybackState(lesson.duration || 0);
  const { playing, time, duration, setPlaying, setTime, setDuration, pendingSeek, wantsPlay } = playback;

  /** The lesson whose video is loaded (progress is reported for it). */
  const loaded = useRef<Lesson | null>(null);
  // What the reports and a refusal go to (the media events are bound once).
  const who = useRef({ student, onProgress });
  who.current = { student, onProgress };
  const refusedTo = useRef(onRefused);
  refusedTo.current = onRefused;

  const reports = usePracticeReports({ video, loaded, pendingSeek, playing, who });
  const { stopClock } = reports;
  const ab = useAbLoop({ video, area, engine, wantsPlay, playing });
  const settings = usePlaybackSettings(video);
  const autoHide = useAutoHide();
  const { awake, wake } = autoHide;
  const { status, armed, resumedAt, setResumedAt, lastTime, renewUrl, openNow, hls } = useLessonSource({
    lesson,
    opened,
    video,
    loaded,
    pendingSeek,
    wantsPlay,
    onRefused: refusedTo,
    onLeave: reports.reportRef,
    stopClock,
  });

  // Another lesson: not playing, at its start, no loop, nothing played yet.
  useEffect(() => {
    ab.reset();
    wantsPlay.current = false;
    pendingSeek.current = null;
    reports.reset();
    setPlaying(false);
    setTime(0);
    setDuration(lesson.duration || 0);
  }, [lesson._id]);

  useEffect(() => {
    const e = engine.current;
    return () => e.close();
  }, []);

  // ---- controls ----
  const play = () => {
    const v = video.current;
    if (!v || status !== 'ready') return;
    wantsPlay.current = true;
    if (ab.countingIn()) ab.stopCountIn();
    if (!armed) {
      // hls.js is not loaded yet: load it now and play once the stream has its metadata.
      pendingSeek.current = { time: pendingSeek.current?.time ?? 0, play: true };
      openNow();
      return;
    }
    void v.play().catch(() => undefined);
  };
  const pause = () => {
    wantsPlay.current = false;
    ab.stopCountIn();
    video.current?.pause();
  };
  const togglePlay = () => (video.current && !video.current.paused) || ab.countingIn() ? pause() : play();

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

  const fullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void screen.current?.requestFullscreen?.().catch(() => undefined);
  };

  const onKeyDown = (e: ReactKeyboardEvent<HTMLDivElement>) => onShortcut(e, { togglePlay, jump, settings, loopKey: ab.loopKey, toggleMetronome: metronome.toggle, wake });

  const videoEvents = useVideoEvents({
    video,
    playback,
    source: { lastTime, hlsDrives: hls.hlsDrives, renewUrl },
    settings,
    reports,
    ab,
    controls: autoHide,
  });

  const shown = !playing || awake || ab.counting !== null;
  const end = duration || lesson.duration || 0;
  const playingLevel = hls.levels.find((l) => l.index === hls.level.playing);

  return (
    <div
      className="player"
      ref={area}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      data-testid="player"
      data-lesson-id={lesson._id}
      data-status={status}
      data-stream={hls.stream ?? ''}
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
          {...videoEvents}
        />
        {status !== 'ready' && (
          <div className="player-overlay" data-testid="player-message">
            {status === 'loading' ? <span className="spinner" role="status" aria-label={t('common.loading')} /> : <p>{t(`player.status.${status}`)}</p>}
          </div>
        )}
        {ab.counting !== null && (
          <div className="player-overlay count-in" data-testid="count-in" aria-live="assertive">
            <span>{ab.counting === 0 ? t('player.countIn.getReady') : ab.counting}</span>
          </div>
        )}
        <PlayerControls
          status={status}
          playing={playing}
          time={time}
          end={end}
          loop={ab.loop}
          settings={settings}
          hls={hls}
          seekTo={seekTo}
          jump={jump}
          togglePlay={togglePlay}
          fullscreen={fullscreen}
        />
      </div>
      <LessonInfo
        lesson={lesson}
        student={student}
        practiceSeconds={practiceSeconds}
        resumedAt={resumedAt}
        onStartOver={() => {
          seekTo(0);
          setResumedAt(null);
        }}
      />
      <PracticeTools ab={ab} status={status} metronome={<PracticeMetronome m={metronome} />} practiceCourse={student ? lesson.course : undefined} />
      <PlayAlongSlot lesson={lesson} student={student} video={video} engine={engine} ab={ab} wantsPlay={wantsPlay} />
      <PlayerShortcuts />
    </div>
  );
}
