import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from './database';

const MIGRATION_LOCK = 7_406_211;

/**
 * Applies the numbered SQL migrations not yet applied, each in its own transaction: a failing one leaves those
 * before it applied, and the next start goes on from it.
 */
export async function migrate(db: Database, dir: string): Promise<string[]> {
  await db.query(
    'CREATE TABLE IF NOT EXISTS schema_migration (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const files = (await readdir(dir)).filter((file) => /^\d{3}-[\w-]+\.sql$/.test(file)).sort();
  const done = new Set((await db.query<{ name: string }>('SELECT name FROM schema_migration')).map((row) => row.name));
  const applied: string[] = [];
  for (const file of files.filter((name) => !done.has(name))) {
    const sql = await readFile(path.join(dir, file), 'utf8');
    // Each under the lock: a replica starting meanwhile waits, then finds the migration applied.
    const ran = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const meanwhile = await tx.query('SELECT 1 FROM schema_migration WHERE name = $1', [file]);
      if (meanwhile.length > 0) return false;
      await tx.execScript(sql);
      await tx.query('INSERT INTO schema_migration (name) VALUES ($1)', [file]);
      return true;
    });
    if (ran) applied.push(file);
  }
  return applied;
}
