import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tableDigests } from '../../test/table-digests';
import { describeEachDatabase } from '../../test/test-app';
import { loadConfig } from '../config';
import { seedDemo } from '../demo/seed-demo';
import { backupDatabase, restoreDatabase } from './backup';
import type { Database } from './database';
import { migrate } from './migrate';
import { openPgliteDatabase } from './pglite-database';
import { openPostgresDatabase } from './postgres-database';

const MIGRATIONS = loadConfig({}).migrationsDir;

interface Side {
  config: { DATABASE_URL: string | undefined; dataDir: string };
  open(): Promise<Database>;
  drop(): Promise<void>;
}

async function side(kind: Database['kind']): Promise<Side> {
  if (kind === 'pglite') {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'cbm-backup-'));
    return {
      config: { DATABASE_URL: undefined, dataDir },
      open: () => openPgliteDatabase(path.join(dataDir, 'pglite')),
      drop: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const admin = process.env.TEST_DATABASE_URL as string;
  const name = `cbm_backup_${randomBytes(5).toString('hex')}`;
  const sql = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await sql(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    config: { DATABASE_URL: url.toString(), dataDir: '/nonexistent' },
    open: () => openPostgresDatabase({ connectionString: url.toString() }),
    drop: () => sql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

describeEachDatabase('backup and restore', (kind) => {
  let original: Side;
  let restored: Side;
  let file: string;
  beforeAll(async () => {
    [original, restored] = [await side(kind), await side(kind)];
    file = path.join(await mkdtemp(path.join(tmpdir(), 'cbm-backup-file-')), 'cbm.backup');
    const db = await original.open();
    await migrate(db, MIGRATIONS);
    await seedDemo(db, new Date('2026-11-21T10:00:00Z'), undefined, { historyDays: 31, alerts: true });
    await db.close();
  }, 300_000);
  afterAll(async () => {
    await original?.drop();
    await restored?.drop();
    if (file) await rm(path.dirname(file), { recursive: true, force: true });
  });

  it('restores a seeded month into an empty database with every row of every table equal', {
    timeout: 300_000,
  }, async () => {
    expect(await backupDatabase(original.config, file)).toContain(file);
    expect(await restoreDatabase(restored.config, file)).toContain('Restored');
    const [before, after] = [await original.open(), await restored.open()];
    try {
      const expected = await tableDigests(before);
      expect(Number(expected.battery_day?.split(' ')[0])).toBeGreaterThan(0);
      expect(await tableDigests(after)).toEqual(expected);
    } finally {
      await before.close();
      await after.close();
    }
  });

  it('refuses to restore over a database that holds CBM', async () => {
    await expect(restoreDatabase(restored.config, file)).rejects.toThrow(/already holds/);
  });
});
