-- Catalogue tables. Always schema-qualified: in embedded mode all services share one session.
CREATE TABLE catalogue.instructor (
  id          text PRIMARY KEY,
  name        text NOT NULL,
  bio         text NOT NULL DEFAULT '',
  band        text NOT NULL DEFAULT '',
  photo       text NOT NULL DEFAULT '',
  banner      text NOT NULL DEFAULT '',
  featured    boolean NOT NULL DEFAULT false,
  published   boolean NOT NULL DEFAULT false,
  percentage  integer NOT NULL DEFAULT 0 CHECK (percentage BETWEEN 0 AND 100),
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE catalogue.course (
  id                  text PRIMARY KEY,
  title               text NOT NULL,
  subtitle            text NOT NULL DEFAULT '',
  description         text NOT NULL DEFAULT '',
  course_hours        integer NOT NULL DEFAULT 0,
  category            text NOT NULL CHECK (category IN ('Guitar', 'Bass Guitar', 'Drums', 'Piano & Keyboard', 'Sound Engineering')),
  level               text NOT NULL CHECK (level IN ('beginner', 'intermediate', 'advanced')),
  instructor_id       text NOT NULL REFERENCES catalogue.instructor (id),
  -- Money is integer poisha.
  price               bigint NOT NULL CHECK (price >= 0),
  old_price           bigint NOT NULL CHECK (old_price >= 0),
  validity_days       integer NOT NULL CHECK (validity_days > 0),
  silver_price        bigint NOT NULL CHECK (silver_price >= 0),
  silver_old_price    bigint NOT NULL CHECK (silver_old_price >= 0),
  silver_validity     integer NOT NULL CHECK (silver_validity > 0),
  gold_price          bigint NOT NULL CHECK (gold_price >= 0),
  gold_old_price      bigint NOT NULL CHECK (gold_old_price >= 0),
  gold_validity       integer NOT NULL CHECK (gold_validity > 0),
  diamond_price       bigint NOT NULL CHECK (diamond_price >= 0),
  diamond_old_price   bigint NOT NULL CHECK (diamond_old_price >= 0),
  diamond_validity    integer NOT NULL CHECK (diamond_validity > 0),
  published           boolean NOT NULL DEFAULT false,
  featured            boolean NOT NULL DEFAULT false,
  bundle              boolean NOT NULL DEFAULT false,
  thumbnail           text NOT NULL DEFAULT '',
  banner              text NOT NULL DEFAULT '',
  topics              jsonb NOT NULL DEFAULT '[]',
  requirements        jsonb NOT NULL DEFAULT '[]',
  who_for             jsonb NOT NULL DEFAULT '[]',
  free_lessons        jsonb NOT NULL DEFAULT '[]',
  sold                integer NOT NULL DEFAULT 0,
  created_at          timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX course_instructor_idx ON catalogue.course (instructor_id);
CREATE INDEX course_published_idx ON catalogue.course (published, created_at DESC);

CREATE TABLE catalogue.upcoming_course (
  id          text PRIMARY KEY,
  name        text NOT NULL,
  photo       text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- One row once the demo data has been seeded, so a restart never seeds twice.
CREATE TABLE catalogue.demo_seed (
  seeded_at   timestamptz NOT NULL DEFAULT now()
);
