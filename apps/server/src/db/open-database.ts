import path from 'node:path';
import type { Config } from '../config';
import type { Database } from './database';
import { migrate } from './migrate';
import { openPgliteDatabase } from './pglite-database';
import { openPostgresDatabase } from './postgres-database';

/** PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR; migrated either way. */
export async function openDatabase(config: Config): Promise<Database> {
  const db = config.DATABASE_URL
    ? await openPostgresDatabase({ connectionString: config.DATABASE_URL })
    : await openPgliteDatabase(path.join(config.dataDir, 'pglite'));
  await migrate(db, config.migrationsDir);
  return db;
}
