import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable } from './database';
import { withFairTurns } from './fair-database';

/** Embedded PostgreSQL in a data folder, or in memory when no folder is given. */
export async function openPgliteDatabase(dataDir?: string): Promise<Database> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  return wrapPglite(await PGlite.create(dataDir ? { dataDir } : {}));
}

/**
 * The Database interface over a PGlite instance (benchmarks keep the instance for COPY from a blob). PGlite runs one
 * statement at a time on this thread: requesters take turns at it (decision 136).
 */
export function wrapPglite(pg: PGlite): Database {
  const wrap = (target: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<Row>(sql: string, params: unknown[] = []) {
      const result = await target.query<Row>(sql, params);
      return result.rows;
    },
    async execScript(sql: string) {
      await target.exec(sql);
    },
  });
  const db: Database = {
    kind: 'pglite',
    ...wrap(pg),
    transaction: (work) => pg.transaction((tx) => work(wrap(tx))),
    close: () => pg.close(),
  };
  return withFairTurns(db, { slots: 1, perRequester: 1, serverTakesTurns: true });
}
