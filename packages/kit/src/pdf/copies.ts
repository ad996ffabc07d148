/**
 * Stored copies of the PDFs a service renders (decision 0065), in its own database: a document asked
 * for again while what it shows is unchanged is served from its copy instead of being set again.
 * A paid order's receipt never changes, so it is rendered once per language; a statement is
 * rendered again only after a sale or a payout changed its month.
 *
 * A copy is kept per document name (e.g. `receipt:<order id>:bn`) with a digest of everything the
 * renderer is given: a changed content (or a new `layout` version of the renderer) does not match,
 * is rendered and replaces the copy, so a name holds one copy at most. Requests for the same
 * document at once share one rendering.
 *
 * The table (in the service's schema, made by its migration):
 *   CREATE TABLE <schema>.pdf_copy (name text PRIMARY KEY, digest text NOT NULL, pdf bytea NOT NULL, stored_at timestamptz NOT NULL DEFAULT now());
 */
import { createHash } from 'node:crypto';
import type { SqlExecutor } from '../ports/sql';

export class PdfCopies {
  private readonly rendering = new Map<string, Promise<Buffer>>();

  /** `table`: the schema-qualified table, e.g. `commerce.pdf_copy`. */
  constructor(
    private readonly sql: SqlExecutor,
    private readonly table: string,
  ) {}

  /**
   * The document `name` showing `content`: its stored copy when one was made of the same content
   * and `layout`, else `render()`'s, stored before it is returned.
   */
  async get(name: string, layout: string, content: unknown, render: () => Promise<Buffer>): Promise<Buffer> {
    const digest = createHash('sha256').update(layout).update('\0').update(JSON.stringify(content)).digest('base64url');
    const stored = await this.sql.query<{ pdf: Buffer }>(`SELECT pdf FROM ${this.table} WHERE name = $1 AND digest = $2`, [name, digest]);
    if (stored.rows[0]) return stored.rows[0].pdf;
    const key = `${name}\0${digest}`;
    let pending = this.rendering.get(key);
    if (!pending) {
      pending = render()
        .then(async (pdf) => {
          await this.sql.query(
            `INSERT INTO ${this.table} (name, digest, pdf) VALUES ($1, $2, $3)
             ON CONFLICT (name) DO UPDATE SET digest = EXCLUDED.digest, pdf = EXCLUDED.pdf, stored_at = now()`,
            [name, digest, pdf],
          );
          return pdf;
        })
        .finally(() => this.rendering.delete(key));
      this.rendering.set(key, pending);
    }
    return pending;
  }
}
