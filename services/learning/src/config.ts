import { z } from 'zod';
import { fields } from '@taal/kit';

/**
 * Learning's own settings, read from env in both run modes. Infrastructure, keys, its
 * LEARNING_GRPC_HOST/PORT and CATALOGUE_ADDR are the kit's (decision 0011).
 */
export const learningConfig = z.object({
  /** Seed demo lessons (with ffmpeg-made videos) for the catalogue's courses that have none. */
  SEED_DEMO_DATA: fields.boolean(false),
  /**
   * Transcode lesson videos into HLS ladders in the background (decision 0032). On by default;
   * off only for a process that should leave the queue to other learning replicas (the jobs stay
   * queued, the MP4 plays meanwhile).
   */
  LEARNING_HLS: fields.boolean(true),
  /** The pause after a failed HLS attempt, four times longer after each next (3 attempts in all). */
  LEARNING_HLS_RETRY_SECONDS: fields.int({ min: 1, max: 86_400, default: 30 }),
});

export type LearningConfig = z.infer<typeof learningConfig>;
