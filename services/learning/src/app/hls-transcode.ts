/**
 * One lesson video into an HLS ladder with ffmpeg (decision 0032): one decode, one H.264/AAC
 * encode per rung, all with a key frame every 2 s (so the renditions' segments line up and the
 * player can switch at any segment), 4-second MPEG-TS segments, and a master playlist with each
 * rung's BANDWIDTH, RESOLUTION and CODECS. Gentle on a shared machine: one thread per encoder,
 * `veryfast`, and a lower CPU priority.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { HLS_MASTER, ladderFor, readMediaPlaylist, renditionProblem, type Rung } from '../domain/hls-ladder';

const run = promisify(execFile);

/** Seconds between key frames (every rung), and the target segment length. */
const KEY_FRAME_SECONDS = 2;
const SEGMENT_SECONDS = 4;
/** A run whose output time has not moved for this long is stuck: killed and counted as failed. */
const STALL_MS = 5 * 60_000;
/**
 * ffmpeg is started through util-linux's setpriv (where there is one) so that it is killed when
 * learning dies (kill -9 included) instead of encoding on for nobody.
 */
const SETPRIV = '/usr/bin/setpriv';
const ffmpegCommand = (): [string, string[]] => (existsSync(SETPRIV) ? [SETPRIV, ['--pdeathsig', 'KILL', 'ffmpeg']] : ['ffmpeg', []]);

export interface SourceInfo {
  width: number;
  height: number;
  fps: number;
  seconds: number;
  audio: boolean;
}

/** What ffprobe says of the stored video; throws when it has no video stream with a size. */
export async function probeSource(file: string): Promise<SourceInfo> {
  const { stdout } = await run(
    'ffprobe',
    ['-v', 'error', '-show_entries', 'format=duration:stream=codec_type,width,height,avg_frame_rate,r_frame_rate', '-of', 'json', file],
    { maxBuffer: 1 << 20 },
  );
  const json = JSON.parse(stdout) as {
    format?: { duration?: string };
    streams?: { codec_type?: string; width?: number; height?: number; avg_frame_rate?: string; r_frame_rate?: string }[];
  };
  const video = json.streams?.find((s) => s.codec_type === 'video' && (s.width ?? 0) > 0 && (s.height ?? 0) > 0);
  if (!video) throw new Error('the stored video has no picture ffprobe can read');
  const rate = (r?: string) => {
    const [n, d] = (r ?? '').split('/').map(Number);
    const fps = d ? n! / d : Number(n);
    return Number.isFinite(fps) && fps > 0 && fps <= 120 ? fps : 0;
  };
  return {
    width: video.width!,
    height: video.height!,
    fps: rate(video.avg_frame_rate) || rate(video.r_frame_rate) || 25,
    seconds: Number(json.format?.duration ?? 0) || 0,
    audio: !!json.streams?.some((s) => s.codec_type === 'audio'),
  };
}

/** The ffmpeg arguments that write `rungs` of `input` into `outDir` (progress on stdout). */
export function ladderArguments(input: string, outDir: string, source: SourceInfo, rungs: readonly Rung[]): string[] {
  const gop = Math.max(1, Math.round(source.fps * KEY_FRAME_SECONDS));
  // Each rung scaled so its short side is the rung's height (portrait phone videos too; rotation is applied on decode).
  const scales = rungs.map((r, i) => `[v${i}]scale=w='if(gt(iw,ih),-2,${r.height})':h='if(gt(iw,ih),${r.height},-2)',format=yuv420p[o${i}]`);
  const filter = `[0:v:0]split=${rungs.length}${rungs.map((_, i) => `[v${i}]`).join('')};${scales.join(';')}`;
  const maps = rungs.flatMap((_, i) => ['-map', `[o${i}]`, ...(source.audio ? ['-map', '0:a:0'] : [])]);
  const rates = rungs.flatMap((r, i) => [
    `-b:v:${i}`, `${r.videoKbps}k`, `-maxrate:v:${i}`, `${Math.round(r.videoKbps * 1.1)}k`, `-bufsize:v:${i}`, `${r.videoKbps * 2}k`,
    ...(source.audio ? [`-b:a:${i}`, `${r.audioKbps}k`] : []),
  ]);
  const streamMap = rungs.map((r, i) => `v:${i}${source.audio ? `,a:${i}` : ''},name:${r.name}`).join(' ');
  return [
    '-v', 'error', '-nostats', '-progress', 'pipe:1', '-y',
    '-i', input,
    '-filter_complex', filter, '-filter_complex_threads', '1',
    ...maps,
    '-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'main', '-threads', '1',
    // Aligned key frames: a fixed GOP, no scene-cut key frames, and one forced every 2 s in every rung.
    '-g', String(gop), '-keyint_min', String(gop), '-sc_threshold', '0', '-force_key_frames', `expr:gte(t,n_forced*${KEY_FRAME_SECONDS})`,
    ...rates,
    ...(source.audio ? ['-c:a', 'aac', '-ac', '2', '-ar', '48000'] : []),
    '-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod', '-hls_list_size', '0',
    '-hls_segment_filename', path.join(outDir, '%v', 'seg_%03d.ts'),
    '-master_pl_name', HLS_MASTER,
    '-var_stream_map', streamMap,
    path.join(outDir, '%v', 'index.m3u8'),
  ];
}

/**
 * Transcodes `input` into `outDir`; `onProgress` hears 0..99 as ffmpeg moves through the source.
 * Resolves with the files written (relative to outDir, the master first), each rendition checked
 * complete and as long as the source; rejects with the reason otherwise. `signal` kills ffmpeg.
 */
export async function transcodeLadder(
  input: string,
  outDir: string,
  options: { onProgress: (percent: number) => void; signal?: AbortSignal },
): Promise<{ files: string[]; rungs: Rung[] }> {
  const source = await probeSource(input);
  const rungs = ladderFor(Math.min(source.width, source.height));
  const args = ladderArguments(input, outDir, source, rungs);
  await new Promise<void>((resolve, reject) => {
    const [command, prefix] = ffmpegCommand();
    const child = spawn(command, [...prefix, ...args], { stdio: ['ignore', 'pipe', 'pipe'], signal: options.signal });
    // A lower priority than the API beside it on the same cores.
    if (child.pid) {
      try {
        os.setPriority(child.pid, 10);
      } catch {
        /* not permitted here: runs at the normal priority */
      }
    }
    let stderr = '';
    let lastMove = Date.now();
    let lastOut = -1;
    let pending = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const m = /^out_time_us=(\d+)/.exec(line);
        if (!m) continue;
        const us = Number(m[1]);
        if (us > lastOut) {
          lastOut = us;
          lastMove = Date.now();
        }
        if (source.seconds > 0) options.onProgress(Math.max(0, Math.min(99, Math.floor((us / 1e6 / source.seconds) * 100))));
      }
    });
    // Only the end of what ffmpeg complains about is kept (a broken file logs a line per frame).
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    const stall = setInterval(() => {
      if (Date.now() - lastMove > STALL_MS) child.kill('SIGKILL');
    }, 10_000);
    stall.unref();
    child.on('error', (err) => {
      clearInterval(stall);
      reject((err as NodeJS.ErrnoException).code === 'ENOENT' ? new Error('ffmpeg is not installed (apt-get install ffmpeg)') : err);
    });
    child.on('close', (code, signal) => {
      clearInterval(stall);
      if (code === 0) return resolve();
      const last = stderr.split('\n').map((l) => l.trim()).filter((l) => l && !/^Last message repeated/.test(l)).at(-1) ?? '';
      reject(new Error(`ffmpeg ${signal ? `was stopped (${signal})` : `exited with ${code}`}${last ? `: ${last}` : ''}`));
    });
  });

  const files = [HLS_MASTER];
  for (const rung of rungs) {
    const playlist = readMediaPlaylist(await readFile(path.join(outDir, rung.name, 'index.m3u8'), 'utf8'));
    const problem = renditionProblem(playlist, source.seconds);
    if (problem) throw new Error(`${rung.name}: ${problem}`);
    const written = new Set(await readdir(path.join(outDir, rung.name)));
    const missing = playlist.segments.find((s) => !written.has(s));
    if (missing) throw new Error(`${rung.name}: segment ${missing} is missing`);
    files.push(`${rung.name}/index.m3u8`, ...playlist.segments.map((s) => `${rung.name}/${s}`));
  }
  const master = await readFile(path.join(outDir, HLS_MASTER), 'utf8');
  if (rungs.some((r) => !master.includes(`${r.name}/index.m3u8`))) throw new Error('the master playlist does not list every rendition');
  return { files, rungs };
}
