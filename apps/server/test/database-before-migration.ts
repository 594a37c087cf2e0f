import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config';
import { migrate } from '../src/db/migrate';
import { type DatabaseKind, openTestDatabase, type TestDatabase } from './test-app';

export interface DatabaseBeforeMigration extends TestDatabase {
  /** Applies `migration` and every one after it; answers the migrations applied. */
  migrateRest(): Promise<string[]>;
}

/**
 * A test database migrated up to `migration` (a file name of the migrations folder), without it: a migration is
 * tested on data of the schema before it. `drop()` also removes the folder of the earlier migrations.
 */
export async function openDatabaseBefore(kind: DatabaseKind, migration: string): Promise<DatabaseBeforeMigration> {
  const { migrationsDir } = loadConfig({});
  const before = await mkdtemp(path.join(tmpdir(), 'cbm-migrations-'));
  for (const file of await readdir(migrationsDir)) {
    if (file < migration) await copyFile(path.join(migrationsDir, file), path.join(before, file));
  }
  const database = await openTestDatabase(kind, before);
  return {
    db: database.db,
    migrateRest: () => migrate(database.db, migrationsDir),
    async drop() {
      await database.drop();
      await rm(before, { recursive: true, force: true });
    },
  };
}
