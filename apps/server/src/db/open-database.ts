import path from 'node:path';
import type { Config } from '../config';
import { lockDataDir } from './data-dir-lock';
import type { Database } from './database';
import { migrate } from './migrate';
import { openPgliteDatabase } from './pglite-database';
import { openPostgresDatabase } from './postgres-database';

/** The replica of READ_DATABASE_URL for the heavy reads (decision 126), not migrated: it follows the primary. */
export async function openReadDatabase(config: Config): Promise<Database | undefined> {
  return config.READ_DATABASE_URL ? openPostgresDatabase({ connectionString: config.READ_DATABASE_URL }) : undefined;
}

/**
 * PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR, which this process then locks for as long as
 * the database is open (a second process would corrupt it); migrated either way.
 */
export async function openDatabase(config: Config): Promise<Database> {
  if (config.DATABASE_URL) {
    const db = await openPostgresDatabase({ connectionString: config.DATABASE_URL });
    await migrate(db, config.migrationsDir);
    return db;
  }
  const unlock = lockDataDir(config.dataDir);
  try {
    const db = await openPgliteDatabase(path.join(config.dataDir, 'pglite'));
    await migrate(db, config.migrationsDir);
    return {
      ...db,
      async close() {
        await db.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}
