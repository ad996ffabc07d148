/**
 * A practical exam's performance (decision 0079): checked like a lesson video (ffprobe: a real
 * audio or video file), then stored privately beside lesson videos (`videos/<uuid>.mp4`, played
 * only through signed URLs): a video as fast-start MP4, a sound alone as AAC in MP4. A browser's
 * recording (WebM without a duration in its header) is measured again once converted.
 */
import { createReadStream } from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { refuse, type FileStore } from '@taal/kit';
import { VIDEO_KEY_PREFIX } from './demo-lessons';
import { aacOnly } from './exam-audio';
import { fastStartMp4, probe, withProbedUpload } from './video-files';

export const MAX_PERFORMANCE_MINUTES = 15;

export async function storePerformance(files: FileStore, uploadKey: string): Promise<{ filename: string; mediaKind: 'audio' | 'video'; durationSeconds: number }> {
  return withProbedUpload(files, uploadKey, 'taal-practical-', async (input, probed, dir) => {
    const notOne = () => refuse('NOT_A_PERFORMANCE', { max: MAX_PERFORMANCE_MINUTES });
    if (!probed || (!probed.videoCodec && !probed.audioCodec) || probed.durationSeconds > MAX_PERFORMANCE_MINUTES * 60 + 1) throw notOne();
    const mediaKind = probed.videoCodec ? 'video' : 'audio';
    const output = path.join(dir, 'performance.mp4');
    try {
      await (mediaKind === 'video' ? fastStartMp4(input, probed, output) : aacOnly(input, output));
    } catch {
      throw notOne();
    }
    const stored = await probe(output);
    const durationSeconds = stored?.durationSeconds ?? 0;
    if (durationSeconds < 0.5 || durationSeconds > MAX_PERFORMANCE_MINUTES * 60 + 1) throw notOne();
    const filename = `${randomUUID()}.mp4`;
    await files.put(`${VIDEO_KEY_PREFIX}${filename}`, createReadStream(output), 'video/mp4');
    return { filename, mediaKind, durationSeconds };
  });
}
