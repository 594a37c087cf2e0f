import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from './database';

const MIGRATION_LOCK = 7_406_211;

/** Applies the numbered SQL migrations not yet applied, each in its own transaction. */
export async function migrate(db: Database, dir: string): Promise<string[]> {
  await db.query(
    'CREATE TABLE IF NOT EXISTS schema_migration (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const files = (await readdir(dir)).filter((file) => /^\d{3}-[\w-]+\.sql$/.test(file)).sort();
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    const done = new Set(
      (await tx.query<{ name: string }>('SELECT name FROM schema_migration')).map((row) => row.name),
    );
    for (const file of files.filter((name) => !done.has(name))) {
      await tx.execScript(await readFile(path.join(dir, file), 'utf8'));
      await tx.query('INSERT INTO schema_migration (name) VALUES ($1)', [file]);
      applied.push(file);
    }
  });
  return applied;
}
