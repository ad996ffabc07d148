/**
 * A lesson's adaptive-streaming ladder (decision 0032): which renditions a source gets, and the
 * checks of what ffmpeg wrote. Pure, so the rules are unit-tested without ffmpeg.
 */

export interface Rung {
  /** The rendition's folder and label, e.g. `480p`. */
  name: string;
  /** Its short side in pixels (the height of a landscape video). */
  height: number;
  videoKbps: number;
  audioKbps: number;
}

/**
 * The standard rungs: phones on slow mobile data start low and climb. The lowest fits a
 * 400 kbit/s link with its audio and the MPEG-TS overhead (250 + 64 kbit/s, ~345 with it; at 400
 * video it stalled every few seconds in `npm run bench:stream`); the audio, which a music lesson
 * needs more than pixels, is not cut below 64 kbit/s.
 */
export const STANDARD_RUNGS: readonly Rung[] = [
  { name: '240p', height: 240, videoKbps: 250, audioKbps: 64 },
  { name: '480p', height: 480, videoKbps: 1000, audioKbps: 96 },
  { name: '720p', height: 720, videoKbps: 2500, audioKbps: 128 },
];

/** A rung at the source's own size is added when the source is at least this much above the top rung it got. */
const SOURCE_RUNG_MARGIN = 1.25;
/** The top rung's ceiling: a 4K upload gets a 1080p top rung (4K at one thread per encoder would take hours on two cores). */
const MAX_SOURCE_HEIGHT = 1080;

const even = (n: number) => Math.max(2, Math.floor(n / 2) * 2);

/**
 * The rungs for a source whose short side is `shortSide` pixels: the standard rungs not above
 * it (never upscaled), plus one at the source's size when it is clearly higher than the top one
 * it got (a 1080p upload keeps its 1080p; a 180p one gets just its own 180p), its bitrate scaled
 * by the pixel count from 720p's.
 */
export function ladderFor(shortSide: number): Rung[] {
  const rungs = STANDARD_RUNGS.filter((r) => r.height <= shortSide);
  const top = rungs.at(-1)?.height ?? 0;
  if (Math.min(shortSide, MAX_SOURCE_HEIGHT) >= top * SOURCE_RUNG_MARGIN) {
    const height = even(Math.min(shortSide, MAX_SOURCE_HEIGHT));
    const videoKbps = Math.round(Math.min(8000, Math.max(200, 2500 * (height / 720) ** 2)));
    rungs.push({ name: `${height}p`, height, videoKbps, audioKbps: height >= 720 ? 128 : height >= 480 ? 96 : 64 });
  }
  return rungs;
}

/** A media playlist as ffmpeg writes it: its segments, their total length, and whether it is complete. */
export function readMediaPlaylist(text: string): { segments: string[]; seconds: number; ended: boolean } {
  const segments: string[] = [];
  let seconds = 0;
  for (const line of text.split(/\r?\n/)) {
    const extinf = /^#EXTINF:([0-9.]+)/.exec(line);
    if (extinf) seconds += Number(extinf[1]);
    else if (line && !line.startsWith('#')) segments.push(line.trim());
  }
  return { segments, seconds, ended: /^#EXT-X-ENDLIST\s*$/m.test(text) };
}

/**
 * Why a rendition is not fit to publish, or null when it is: it must be complete (ENDLIST, at
 * least one segment) and about as long as the source. A source whose later part does not decode
 * makes ffmpeg stop early without failing; publishing that would be half a lesson.
 */
export function renditionProblem(playlist: { segments: string[]; seconds: number; ended: boolean }, sourceSeconds: number): string | null {
  if (!playlist.ended || playlist.segments.length === 0) return 'the rendition is incomplete';
  if (sourceSeconds > 0 && playlist.seconds < sourceSeconds * 0.9 - 0.5) {
    return `the rendition is ${playlist.seconds.toFixed(1)} s long, the source ${sourceSeconds.toFixed(1)} s (the source does not decode to the end)`;
  }
  return null;
}

/** The pause before retrying after the n-th failed attempt: `baseMs`, then four times longer each time. */
export const retryDelayMs = (attempts: number, baseMs: number) => baseMs * 4 ** Math.max(0, attempts - 1);

/** Names the playlist and segment route accepts (decision 0032): what the transcoder writes, nothing else. */
export const HLS_VERSION = /^[a-f0-9]{12}$/;
export const HLS_RUNG = /^[0-9]{2,4}p$/;
export const HLS_MASTER = 'master.m3u8';
export const HLS_RUNG_FILE = /^(index\.m3u8|seg_[0-9]{3,5}\.ts)$/;
