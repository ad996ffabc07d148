// The <video>'s events: a new source's metadata (where to go, the speed and volume), the time, and
// playing / pause / end / error driving the practice clock, the reports, the A–B loop and a new URL.
import type { RefObject } from 'react';
import type { AbLoop } from './useAbLoop';
import type { PlaybackSettings } from './usePlaybackSettings';
import type { PlaybackState } from './usePlaybackState';
import type { usePracticeReports } from './usePracticeReports';

export function useVideoEvents({
  video,
  playback,
  source,
  settings,
  reports,
  ab,
  controls,
}: {
  video: RefObject<HTMLVideoElement>;
  playback: PlaybackState;
  source: {
    /** The last time seen while the media had one (a renewal resumes from it). */
    lastTime: { current: number };
    /** hls.js drives the video (it reports its own failures). */
    hlsDrives: () => boolean;
    renewUrl: () => void;
  };
  settings: PlaybackSettings;
  reports: ReturnType<typeof usePracticeReports>;
  ab: AbLoop;
  /** The controls' auto-hide (useAutoHide). */
  controls: { wake: () => void; setAwake: (awake: boolean) => void };
}) {
  const { pendingSeek, wantsPlay, playingRef, setPlaying, setTime, setDuration } = playback;
  const { lastTime, hlsDrives, renewUrl } = source;
  const { wake, setAwake } = controls;
  const onLoadedMetadata = () => {
    const v = video.current;
    if (!v) return;
    if (Number.isFinite(v.duration)) setDuration(v.duration);
    settings.applyTo(v);
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
    ab.checkLoop();
  };
  const onPlaying = () => {
    wantsPlay.current = true;
    reports.startClock();
    // From a pause: the controls hide after a while. (After a seek or a loop jump while playing
    // `playing` fires again; that is no pointer movement.)
    if (!playingRef.current) wake();
    setPlaying(true);
  };
  const onPause = () => {
    setPlaying(false);
    reports.stopClock();
    setAwake(true);
    if (!ab.countingIn()) reports.report();
  };
  const onEnded = () => {
    setPlaying(false);
    reports.stopClock();
    if (ab.repeatAtEnd()) return;
    wantsPlay.current = false;
    reports.report({ completed: true });
  };
  const onError = () => {
    // hls.js reports its own failures (its ERROR handler in useHlsSource).
    if (hlsDrives()) return;
    reports.stopClock();
    setPlaying(false);
    renewUrl();
  };

  const onDurationChange = () => video.current && Number.isFinite(video.current.duration) && setDuration(video.current.duration);
  const onRateChange = () => video.current && settings.setRate(video.current.playbackRate);

  return { onLoadedMetadata, onDurationChange, onTimeUpdate, onPlaying, onPause, onWaiting: reports.stopClock, onEnded, onError, onRateChange };
}
