// What the player knows of its video's playback, shared by its hooks: whether it plays (as state to
// draw, and as a ref for the media events, which are bound once), the time and duration shown, and
// what the student asked for across a change of source (a renewed URL, the MP4 fallback).
import { useRef, useState, type MutableRefObject } from 'react';

export interface PendingSeek {
  time: number;
  play: boolean;
}

export interface PlaybackState {
  playing: boolean;
  time: number;
  duration: number;
  /** Sets what is drawn and what the media events read, together. */
  setPlaying: (playing: boolean) => void;
  setTime: (seconds: number) => void;
  setDuration: (seconds: number) => void;
  /** Whether it plays, for the media events. */
  playingRef: MutableRefObject<boolean>;
  /** Where to go (and whether to play) once the next source has its metadata. */
  pendingSeek: MutableRefObject<PendingSeek | null>;
  /** Whether the student wants it playing (survives a URL refresh). */
  wantsPlay: MutableRefObject<boolean>;
}

export function usePlaybackState(initialDuration: number): PlaybackState {
  const [playing, setPlayingState] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(initialDuration);
  const playingRef = useRef(false);
  const pendingSeek = useRef<PendingSeek | null>(null);
  const wantsPlay = useRef(false);
  const setPlaying = (value: boolean) => {
    playingRef.current = value;
    setPlayingState(value);
  };
  return { playing, time, duration, setPlaying, setTime, setDuration, playingRef, pendingSeek, wantsPlay };
}
