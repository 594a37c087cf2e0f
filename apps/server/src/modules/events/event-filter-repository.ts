import type { AttributeFilter, EventProduct, SavedEventFilter } from '@cbm/contracts/events';
import type { Queryable } from '../../db/database';

interface FilterRow {
  id: number;
  name: string;
  columns: string[];
  attribute_filters: AttributeFilter[];
}

const toFilter = (row: FilterRow): SavedEventFilter => ({
  id: row.id,
  name: row.name,
  columns: row.columns,
  attributeFilters: row.attribute_filters,
});

export interface FilterToSave {
  name: string;
  columns: string[];
  attributeFilters: AttributeFilter[];
}

/** A user's saved event filters per product (event_filter): nobody sees or deletes another user's. */
export function eventFilterRepository(db: Queryable) {
  return {
    async list(userId: number, product: EventProduct): Promise<SavedEventFilter[]> {
      const rows = await db.query<FilterRow>(
        `SELECT id, name, columns, attribute_filters FROM event_filter
          WHERE user_id = $1 AND product = $2 ORDER BY lower(name), id`,
        [userId, product],
      );
      return rows.map(toFilter);
    },

    async find(userId: number, product: EventProduct, name: string): Promise<SavedEventFilter | undefined> {
      const rows = await db.query<FilterRow>(
        'SELECT id, name, columns, attribute_filters FROM event_filter WHERE user_id = $1 AND product = $2 AND name = $3',
        [userId, product, name],
      );
      return rows[0] && toFilter(rows[0]);
    },

    /** Saving under a name the user already has replaces that filter. */
    async save(userId: number, product: EventProduct, filter: FilterToSave): Promise<SavedEventFilter> {
      const rows = await db.query<FilterRow>(
        `INSERT INTO event_filter (product, user_id, name, columns, attribute_filters)
         VALUES ($1, $2, $3, $4::jsonb, $5::jsonb)
         ON CONFLICT (user_id, product, name)
         DO UPDATE SET columns = excluded.columns, attribute_filters = excluded.attribute_filters
         RETURNING id, name, columns, attribute_filters`,
        [product, userId, filter.name, JSON.stringify(filter.columns), JSON.stringify(filter.attributeFilters)],
      );
      return toFilter(rows[0] as FilterRow);
    },

    /** Answers the deleted filter, or undefined when the user has none with that id. */
    async delete(userId: number, product: EventProduct, id: number): Promise<SavedEventFilter | undefined> {
      const rows = await db.query<FilterRow>(
        `DELETE FROM event_filter WHERE id = $1 AND user_id = $2 AND product = $3
         RETURNING id, name, columns, attribute_filters`,
        [id, userId, product],
      );
      return rows[0] && toFilter(rows[0]);
    },
  };
}
