-- Course documents (PDFs uploaded through the gateway: name and public URL) and the upcoming
-- course list's order (newest last, as before).
ALTER TABLE catalogue.course ADD COLUMN documents jsonb NOT NULL DEFAULT '[]';
