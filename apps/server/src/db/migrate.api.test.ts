import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, openTestDatabase, type TestDatabase } from '../../test/test-app';
import { migrate } from './migrate';

describeEachDatabase('migrations', (kind) => {
  let dir: string;
  let database: TestDatabase;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'cbm-migrations-'));
    database = await openTestDatabase(kind, dir);
  });
  afterAll(async () => {
    await database.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('runs each in its own transaction: a failing one keeps those before it, the next run goes on', async () => {
    await writeFile(path.join(dir, '001-first.sql'), 'CREATE TABLE first_table (id int);');
    await writeFile(path.join(dir, '002-broken.sql'), 'CREATE TABLE second_table (id int); SELECT * FROM missing;');
    await expect(migrate(database.db, dir)).rejects.toThrow(/missing/);
    const names = async () =>
      (await database.db.query<{ name: string }>('SELECT name FROM schema_migration ORDER BY name')).map(
        (row) => row.name,
      );
    expect(await names()).toEqual(['001-first.sql']);
    expect(await database.db.query('SELECT * FROM first_table')).toEqual([]);
    await expect(database.db.query('SELECT * FROM second_table')).rejects.toThrow();

    await writeFile(path.join(dir, '002-broken.sql'), 'CREATE TABLE second_table (id int);');
    expect(await migrate(database.db, dir)).toEqual(['002-broken.sql']);
    expect(await migrate(database.db, dir)).toEqual([]);
    expect(await names()).toEqual(['001-first.sql', '002-broken.sql']);
  });
});
