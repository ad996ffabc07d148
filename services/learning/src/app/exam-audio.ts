/**
 * A theory exam question's audio clip (decision 0072): probed with ffprobe like a lesson video
 * (anything that is not real audio of at most MAX_AUDIO_SECONDS is refused), then stored as AAC in
 * MP4 (`exam-audio/<uuid>.m4a`, played by every browser); only the sound is kept.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { refuse, type FileStore } from '@taal/kit';
import { withProbedUpload } from './video-files';

const run = promisify(execFile);

export const MAX_AUDIO_SECONDS = 60;
export const EXAM_AUDIO_PREFIX = 'exam-audio/';

/** Writes a file's first audio stream alone as AAC in fast-start MP4 (exam clips, practical performances: decision 0079). */
export async function aacOnly(input: string, output: string): Promise<void> {
  await run('ffmpeg', ['-v', 'error', '-y', '-i', input, '-map', '0:a:0', '-vn', '-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', output]);
}

/** Checks and stores an uploaded clip; removes the upload either way. */
export async function storeExamAudio(files: FileStore, uploadKey: string): Promise<{ url: string; durationSeconds: number }> {
  return withProbedUpload(files, uploadKey, 'taal-exam-audio-', async (input, probed, dir) => {
    const notAudio = () => refuse('NOT_AN_AUDIO_CLIP', { max: MAX_AUDIO_SECONDS });
    if (!probed || !probed.audioCodec || probed.durationSeconds <= 0 || probed.durationSeconds > MAX_AUDIO_SECONDS + 0.5) throw notAudio();
    const output = path.join(dir, 'clip.m4a');
    try {
      await aacOnly(input, output);
    } catch {
      throw notAudio();
    }
    const name = `${randomUUID()}.m4a`;
    await files.put(`${EXAM_AUDIO_PREFIX}${name}`, createReadStream(output), 'audio/mp4');
    return { url: `/api/v1/exam-audio/${name}`, durationSeconds: probed.durationSeconds };
  });
}
