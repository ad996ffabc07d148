// What the lesson player plays (issue 24): the signed MP4 and, once the ladder is ready, the HLS
// master playlist; the renditions of the ladder; and the record of rendition switches that tests
// and the streaming benchmark read (window.__taalHls).
import type { Playback } from '../../learning';

export type Status = 'loading' | 'ready' | 'refused' | 'missing' | 'failed';
/** What plays the lesson: hls.js (MSE), the browser's own HLS, or the progressive MP4. */
export type Stream = 'hls.js' | 'native' | 'mp4';
/** The sources playback answered: the MP4 and, once the ladder is ready, the master playlist. */
export interface Source {
  url: string;
  hls: string | null;
}
/** One rendition of the ladder (its index in hls.js's levels). */
export interface Level {
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
export const recordSwitch = (s: HlsSwitch) => {
  window.__taalHls ??= { switches: [] };
  window.__taalHls.switches.push(s);
};
/** The master playlist's signed URL from a playback answer (null while the ladder is not ready). */
export const hlsOf = (p: Playback): string | null => p.hls || null;
export const HLS_TYPE = 'application/vnd.apple.mpegurl';
let nativeHls: boolean | undefined;
/** Whether the browser plays HLS itself (Safari, recent Chromium): then hls.js is never loaded. */
export const playsHlsItself = () => (nativeHls ??= document.createElement('video').canPlayType(HLS_TYPE) !== '');
