// Attaches the lesson's source to the <video> (issue 24): the browser's own HLS where it has one,
// hls.js (its light build, a chunk loaded only once the lesson is opened) elsewhere, the MP4 when
// there is no ladder yet or hls.js failed for good. Knows the renditions and which one plays, and
// the student's choice of one (kept across a URL refresh).
import { useEffect, useRef, useState, type MutableRefObject, type RefObject } from 'react';
import type HlsType from 'hls.js';
import type { ErrorData, LevelSwitchedData, ManifestParsedData } from 'hls.js';
import type { Lesson } from '../../learning';
import { HLS_TYPE, playsHlsItself, recordSwitch, type Level, type Source, type Stream } from './stream';
import type { PendingSeek } from './usePlaybackState';

/** What the source needs from the player when hls.js gives up on the current URL. */
export interface SourceEvents {
  /** The signature expired (or was refused): the clock stops and a new URL is asked for, from the same time. */
  expired: () => void;
  /** hls.js failed for good: the MP4 from the same time. */
  broken: () => void;
  /** Keeps the student's position while the media still has it. */
  rememberTime: () => void;
}

export function useHlsSource({
  video,
  source,
  armed,
  pendingSeek,
  loaded,
  events,
}: {
  video: RefObject<HTMLVideoElement>;
  source: Source | null;
  /** The source may start: it needs no library, or the lesson was opened (hls.js loads then). */
  armed: boolean;
  pendingSeek: MutableRefObject<PendingSeek | null>;
  loaded: RefObject<Lesson | null>;
  events: RefObject<SourceEvents>;
}) {
  const [stream, setStream] = useState<Stream | null>(null);
  const [levels, setLevels] = useState<Level[]>([]);
  /** The rendition playing (index into levels) and whether the player picks it (Auto). */
  const [level, setLevel] = useState<{ playing: number; auto: boolean }>({ playing: -1, auto: true });
  const hlsRef = useRef<HlsType | null>(null);
  /** hls.js failed for good on this lesson: the MP4 from then on. */
  const mp4Only = useRef(false);
  /** The student's choice of rendition, kept across a URL refresh (-1: Auto). */
  const chosenLevel = useRef(-1);

  /** Another lesson: nothing chosen, nothing known of its ladder. */
  const reset = () => {
    mp4Only.current = false;
    chosenLevel.current = -1;
    setStream(null);
    setLevels([]);
    setLevel({ playing: -1, auto: true });
  };

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
          const drop = () => {
            h.destroy();
            if (hlsRef.current === h) hlsRef.current = null;
          };
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
              events.current?.rememberTime(); // before destroy() takes the media away
              drop();
              events.current?.expired();
              return;
            }
            if (!d.fatal) return;
            events.current?.rememberTime();
            drop();
            events.current?.broken();
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

  useEffect(
    () => () => {
      hlsRef.current?.destroy();
      hlsRef.current = null;
    },
    [],
  );

  /** Auto (-1: from the next segment on) or one rendition (at once: what is buffered is loaded again in it). */
  const chooseLevel = (index: number) => {
    chosenLevel.current = index;
    const h = hlsRef.current;
    if (!h) return;
    if (index < 0) h.nextLevel = -1;
    else h.currentLevel = index;
    setLevel((l) => ({ ...l, auto: index < 0 }));
  };

  /** hls.js drives the video (it reports its own failures; the element's error is not ours then). */
  const hlsDrives = () => hlsRef.current !== null;

  return { stream, levels, level, chosenLevel: chosenLevel.current, mp4Only, chooseLevel, detach, reset, hlsDrives };
}
export type HlsSource = ReturnType<typeof useHlsSource>;
