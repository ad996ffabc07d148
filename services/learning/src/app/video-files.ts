/**
 * Uploaded lesson videos (decision 0015): probed with ffprobe (anything that is not a real video
 * is refused), then stored as fast-start MP4 so playback starts before the whole file loads.
 * H.264 in MP4/MOV is remuxed (no quality loss); anything else is transcoded to H.264/AAC.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { refuse, type FileStore } from '@taal/kit';
import { VIDEO_KEY_PREFIX } from './demo-lessons';

const run = promisify(execFile);

export interface Probe {
  format: string;
  durationSeconds: number;
  videoCodec: string | null;
  audioCodec: string | null;
}

export async function probe(file: string): Promise<Probe | null> {
  try {
    const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=format_name,duration:stream=codec_type,codec_name', '-of', 'json', file], {
      maxBuffer: 1 << 20,
    });
    const json = JSON.parse(stdout) as { format?: { format_name?: string; duration?: string }; streams?: { codec_type?: string; codec_name?: string }[] };
    const video = json.streams?.find((s) => s.codec_type === 'video' && s.codec_name && !['mjpeg', 'png', 'bmp', 'gif'].includes(s.codec_name));
    const audio = json.streams?.find((s) => s.codec_type === 'audio');
    return {
      format: json.format?.format_name ?? '',
      durationSeconds: Number(json.format?.duration ?? 0) || 0,
      videoCodec: video?.codec_name ?? null,
      audioCodec: audio?.codec_name ?? null,
    };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new Error('ffprobe is not installed (apt-get install ffmpeg)');
    return null; // ffprobe could not read it: not a video
  }
}

/**
 * An upload copied to a scratch folder (`scratch` names it) and probed, for `use` to check and
 * convert; the folder and the upload are removed afterwards, whatever happens. Lesson videos and
 * exam clips both come this way.
 */
export async function withProbedUpload<T>(files: FileStore, uploadKey: string, scratch: string, use: (input: string, probed: Probe | null, dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), scratch));
  try {
    const upload = await files.get(uploadKey);
    if (!upload) throw refuse('UPLOAD_MISSING');
    const input = path.join(dir, 'input');
    await pipeline(upload.body, createWriteStream(input));
    return await use(input, await probe(input), dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
    await files.delete(uploadKey).catch(() => undefined);
  }
}

/**
 * Writes a probed video (its first video and audio streams) as fast-start MP4: H.264 in MP4/MOV is
 * remuxed (no quality loss), anything else transcoded to H.264/AAC. A lesson's video and a practical
 * exam's video performance (decision 0079) both come this way.
 */
export async function fastStartMp4(input: string, probed: Probe, output: string): Promise<void> {
  const remux = probed.videoCodec === 'h264' && /mp4|mov/.test(probed.format) && (!probed.audioCodec || probed.audioCodec === 'aac');
  const codecs = remux ? ['-c', 'copy'] : ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k'];
  await run('ffmpeg', ['-v', 'error', '-y', '-i', input, '-map', '0:v:0', '-map', '0:a:0?', ...codecs, '-movflags', '+faststart', output]);
}

/** Checks and stores an upload as `videos/<uuid>.mp4`; removes the upload either way. */
export async function storeLessonVideo(files: FileStore, uploadKey: string): Promise<{ filename: string; size: number; durationSeconds: number }> {
  return withProbedUpload(files, uploadKey, 'taal-lesson-', async (input, probed, dir) => {
    if (!probed || !probed.videoCodec || probed.durationSeconds <= 0) throw refuse('NOT_A_VIDEO');

    const output = path.join(dir, 'output.mp4');
    try {
      await fastStartMp4(input, probed, output);
    } catch {
      throw refuse('NOT_A_VIDEO');
    }
    const filename = `${randomUUID()}.mp4`;
    const size = (await stat(output)).size;
    await files.put(`${VIDEO_KEY_PREFIX}${filename}`, createReadStream(output), 'video/mp4');
    return { filename, size, durationSeconds: probed.durationSeconds };
  });
}
