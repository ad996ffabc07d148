-- Adaptive streaming (decision 0032): each lesson video's HLS transcoding job and its published ladder.
CREATE TABLE learning.hls_job (
  lesson_id        text PRIMARY KEY REFERENCES learning.lesson (id) ON DELETE CASCADE,
  -- The lesson's video file this job transcodes (a new upload of the lesson queues it again).
  source           text NOT NULL,
  state            text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'ready', 'failed')),
  attempts         integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  -- Queued: when it may start. Running: when its claim's lease ends (a crashed worker's job is taken again then).
  next_attempt_at  timestamptz NOT NULL DEFAULT now(),
  percent          integer NOT NULL DEFAULT 0 CHECK (percent BETWEEN 0 AND 100),
  error            text,
  -- The running attempt's folder under hls/<lesson_id>/ (only its worker may publish it).
  version          text,
  -- The published ladder: its folder and files (relative to it). Set together with state 'ready'.
  ready_version    text,
  ready_files      text[] NOT NULL DEFAULT '{}',
  updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX hls_job_due_idx ON learning.hls_job (next_attempt_at) WHERE state IN ('queued', 'running');

-- The backfill: every lesson that already has a video (the demo lessons, earlier uploads).
INSERT INTO learning.hls_job (lesson_id, source) SELECT id, filename FROM learning.lesson WHERE filename IS NOT NULL ON CONFLICT DO NOTHING;
