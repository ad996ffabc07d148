import type { freebiesV1 } from '@taal/contracts';
import type { Sql, SqlExecutor } from '@taal/kit';

type Freebie = freebiesV1.Freebie;
type Popup = freebiesV1.Popup;

interface FreebieRow {
  id: string;
  title: string;
  subtitle: string;
  category: string;
  description: string;
  thumbnail: string;
  youtube: string;
  documents: { path: string; name: string }[];
  carousel_images: string[];
  created_at: Date;
  updated_at: Date;
}

interface PopupRow {
  id: string;
  title: string;
  body: string;
  thumbnail: string;
  show: boolean;
  updated_at: Date;
}

const toFreebie = (row: FreebieRow): Freebie => ({
  id: row.id,
  title: row.title,
  subtitle: row.subtitle,
  category: row.category,
  description: row.description,
  thumbnail: row.thumbnail,
  youtube: row.youtube,
  documents: row.documents,
  carouselImages: row.carousel_images,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

const toPopup = (row: PopupRow): Popup => ({
  id: row.id,
  title: row.title,
  body: row.body,
  thumbnail: row.thumbnail,
  show: row.show,
  updatedAt: row.updated_at.toISOString(),
});

export type FreebieValues = Omit<Freebie, 'id' | 'createdAt' | 'updatedAt'>;

/** Persistence of freebies and the popup (schema catalogue). */
export class FreebieStore {
  constructor(private readonly sql: Sql) {}

  /** Newest first. */
  async list(): Promise<Freebie[]> {
    const { rows } = await this.sql.query<FreebieRow>(`SELECT * FROM catalogue.freebie ORDER BY created_at DESC, id DESC`);
    return rows.map(toFreebie);
  }

  async get(id: string, db: SqlExecutor = this.sql, forUpdate = false): Promise<Freebie | null> {
    const { rows } = await db.query<FreebieRow>(`SELECT * FROM catalogue.freebie WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
    return rows[0] ? toFreebie(rows[0]) : null;
  }

  /** Inserts the freebie; returns null when the id exists already (a retried create). */
  async insert(tx: SqlExecutor, id: string, v: FreebieValues): Promise<Freebie | null> {
    const { rows } = await tx.query<FreebieRow>(
      `INSERT INTO catalogue.freebie (id, title, subtitle, category, description, thumbnail, youtube, documents, carousel_images)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (id) DO NOTHING
       RETURNING *`,
      [id, v.title, v.subtitle, v.category, v.description, v.thumbnail, v.youtube, JSON.stringify(v.documents), JSON.stringify(v.carouselImages)],
    );
    return rows[0] ? toFreebie(rows[0]) : null;
  }

  async update(tx: SqlExecutor, id: string, v: FreebieValues): Promise<Freebie | null> {
    const { rows } = await tx.query<FreebieRow>(
      `UPDATE catalogue.freebie
          SET title = $2, subtitle = $3, category = $4, description = $5, thumbnail = $6, youtube = $7,
              documents = $8, carousel_images = $9, updated_at = clock_timestamp()
        WHERE id = $1
        RETURNING *`,
      [id, v.title, v.subtitle, v.category, v.description, v.thumbnail, v.youtube, JSON.stringify(v.documents), JSON.stringify(v.carouselImages)],
    );
    return rows[0] ? toFreebie(rows[0]) : null;
  }

  async delete(tx: SqlExecutor, id: string): Promise<Freebie | null> {
    const { rows } = await tx.query<FreebieRow>(`DELETE FROM catalogue.freebie WHERE id = $1 RETURNING *`, [id]);
    return rows[0] ? toFreebie(rows[0]) : null;
  }

  async getPopup(id: string, db: SqlExecutor = this.sql, forUpdate = false): Promise<Popup | null> {
    const { rows } = await db.query<PopupRow>(`SELECT * FROM catalogue.popup WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
    return rows[0] ? toPopup(rows[0]) : null;
  }

  async updatePopup(tx: SqlExecutor, id: string, v: { title: string; body: string; thumbnail: string; show: boolean }): Promise<Popup | null> {
    const { rows } = await tx.query<PopupRow>(
      `UPDATE catalogue.popup SET title = $2, body = $3, thumbnail = $4, show = $5, updated_at = now() WHERE id = $1 RETURNING *`,
      [id, v.title, v.body, v.thumbnail, v.show],
    );
    return rows[0] ? toPopup(rows[0]) : null;
  }
}
