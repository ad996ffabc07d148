-- Issue 51 item 2 (decision 0084, second part): the back office's certificate requests a keyset page at a
-- time, pending or provided, newest request first by (requested_at, id). The list was an OFFSET page with
-- count(*) OVER (), which read every certificate on each visit.
CREATE INDEX IF NOT EXISTS certificate_page_idx ON learning.certificate (status, requested_at DESC, id DESC);
