-- The language of a user's e-mails (en or bn), chosen by the interface language at sign-up.
ALTER TABLE identity.users ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'bn'));
