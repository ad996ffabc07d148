-- Stored copies of the PDFs this service renders (decision 0065, the kit's PdfCopies): one per
-- document name, with the digest of what it shows; a changed content renders a new copy over it.
CREATE TABLE IF NOT EXISTS payouts.pdf_copy (
  name text PRIMARY KEY,
  digest text NOT NULL,
  pdf bytea NOT NULL,
  stored_at timestamptz NOT NULL DEFAULT now()
);
