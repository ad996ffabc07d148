-- Freebies (free material) and the landing popup (issue 10). Always schema-qualified.
CREATE TABLE catalogue.freebie (
  id               text PRIMARY KEY,
  title            text NOT NULL,
  subtitle         text NOT NULL DEFAULT '',
  category         text NOT NULL CHECK (category IN ('Guitar', 'FAQ', 'Info', 'Bass Guitar', 'Drums', 'Piano & Keyboard', 'Sound Engineering')),
  -- Sanitised HTML (the catalogue sanitises before it writes).
  description      text NOT NULL DEFAULT '',
  thumbnail        text NOT NULL DEFAULT '',
  youtube          text NOT NULL DEFAULT '',
  -- [{ "path": "...", "name": "..." }]
  documents        jsonb NOT NULL DEFAULT '[]',
  -- ["path", ...]
  carousel_images  jsonb NOT NULL DEFAULT '[]',
  created_at       timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at       timestamptz NOT NULL DEFAULT clock_timestamp(),
  CHECK (youtube <> '' OR jsonb_array_length(carousel_images) > 0)
);

CREATE INDEX freebie_created_idx ON catalogue.freebie (created_at DESC, id);

-- The one landing popup, off until an admin fills it in and switches it on.
CREATE TABLE catalogue.popup (
  id          text PRIMARY KEY,
  title       text NOT NULL DEFAULT '',
  body        text NOT NULL DEFAULT '',
  thumbnail   text NOT NULL DEFAULT '',
  show        boolean NOT NULL DEFAULT false,
  updated_at  timestamptz NOT NULL DEFAULT now()
);

INSERT INTO catalogue.popup (id) VALUES ('00000000-0000-4000-b000-000000000001');
