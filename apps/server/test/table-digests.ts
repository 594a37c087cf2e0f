import type { Database } from '../src/db/database';

/** The columns of every table of the current schema (partitions included, their parents not: they hold no rows). */
export async function tableColumns(db: Database): Promise<Record<string, string[]>> {
  const rows = await db.query<{ name: string; columns: string[] }>(
    `SELECT c.relname AS name, array_agg(a.attname::text ORDER BY a.attnum) AS columns
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
      WHERE c.relkind = 'r' AND n.nspname = current_schema()
      GROUP BY c.relname ORDER BY 1`,
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.columns]));
}

/**
 * Every table's rows as a count and one digest (equal digests: equal statistics, exports and reports); with
 * `columns`, only these tables and of each only these columns (what an older schema had).
 */
export async function tableDigests(db: Database, columns?: Record<string, string[]>): Promise<Record<string, string>> {
  const digests: Record<string, string> = {};
  for (const [name, names] of Object.entries(columns ?? (await tableColumns(db)))) {
    const row = `(${names.map((column) => `t."${column}"`).join(', ')})::text`;
    const [result] = await db.query<{ rows: number; digest: string | null }>(
      `SELECT count(*)::int AS rows, md5(string_agg(${row}, '|' ORDER BY ${row})) AS digest FROM "${name}" t`,
    );
    digests[name] = `${result?.rows} ${result?.digest}`;
  }
  return digests;
}
