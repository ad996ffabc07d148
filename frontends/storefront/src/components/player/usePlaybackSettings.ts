// The student's speed (0.25–2, the pitch kept), volume (from 0.3) and mute, on the <video> and
// carried over to each new source once it has its metadata.
import { useEffect, useRef, useState, type RefObject } from 'react';
import { DEFAULT_VOLUME } from '../../learning';

export function usePlaybackSettings(video: RefObject<HTMLVideoElement>) {
  const [rate, setRate] = useState(1);
  const [volume, setVolume] = useState(DEFAULT_VOLUME);
  const [muted, setMuted] = useState(false);
  // What a new source takes over (its metadata event is bound once).
  const live = useRef({ rate, volume, muted });
  live.current = { rate, volume, muted };

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
  /** A new source has its metadata: the same speed, volume and mute. */
  const applyTo = (v: HTMLVideoElement) => {
    v.preservesPitch = true;
    v.defaultPlaybackRate = live.current.rate;
    v.playbackRate = live.current.rate;
    v.volume = live.current.volume;
    v.muted = live.current.muted;
  };

  // The element's volume starts at the spec's 0.3.
  useEffect(() => {
    if (video.current) video.current.volume = DEFAULT_VOLUME;
  }, []);

  return { rate, setRate, volume, muted, changeRate, changeVolume, toggleMute, applyTo };
}
export type PlaybackSettings = ReturnType<typeof usePlaybackSettings>;
