/** The social figures the site shows (one row). */
import type { SqlExecutor } from '@taal/kit';
import { iso } from './schema';

/** Social figures' SQL (`payouts.social_figures`), every call given its executor. */
export const socialStore = {
  async getSocial(db: SqlExecutor): Promise<{ figures: Record<string, number>; updatedAt: string } | null> {
    const { rows } = await db.query<{ figures: Record<string, number>; updated_at: Date }>(
      `SELECT figures, updated_at FROM payouts.social_figures WHERE id = 1`,
    );
    return rows[0] ? { figures: rows[0].figures, updatedAt: iso(rows[0].updated_at) } : null;
  },

  async setSocial(db: SqlExecutor, figures: Record<string, number>): Promise<void> {
    await db.query(
      `INSERT INTO payouts.social_figures (id, figures, updated_at) VALUES (1, $1, now())
       ON CONFLICT (id) DO UPDATE SET figures = EXCLUDED.figures, updated_at = now()`,
      [JSON.stringify(figures)],
    );
  },
};
