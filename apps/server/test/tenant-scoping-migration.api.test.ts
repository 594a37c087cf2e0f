import { afterAll, beforeAll, expect, it } from 'vitest';
import { type DatabaseBeforeMigration, openDatabaseBefore } from './database-before-migration';
import { describeEachDatabase } from './test-app';

const MIGRATION = '018-tenant-scoping.sql';

/** Migration 018 on a database that holds data of the schema before it (docs/decisions/025-tenant-scoping.md). */
describeEachDatabase('migration 018: tenant scoping', (kind) => {
  let database: DatabaseBeforeMigration;
  const one = async (sql: string, values: unknown[] = []) =>
    ((await database.db.query<{ id: number }>(sql, values))[0] as { id: number }).id;
  const node = (parentId: number | null, name: string, type: string) =>
    one('INSERT INTO site_node (parent_id, name, type) VALUES ($1, $2, $3) RETURNING id', [parentId, name, type]);
  const operatingSite = async (parentId: number, name: string) => {
    const id = await node(parentId, name, 'operatingSite');
    await database.db.query(
      `INSERT INTO operating_site (id, latitude, longitude, timezone, currency, price_per_kwh)
       VALUES ($1, 50, 10, 'Europe/Berlin', 'EUR', 0.3)`,
      [id],
    );
    return id;
  };

  beforeAll(async () => {
    database = await openDatabaseBefore(kind, MIGRATION);
  });
  afterAll(() => database.drop());

  it("copies the expected versions to every organisation and puts jobs and datalogs at their battery's site", async () => {
    const north = await node(null, 'North', 'organization');
    const south = await node(null, 'South', 'organization');
    const harbour = await operatingSite(await node(north, 'Coast', 'region'), 'Harbour');
    const alps = await operatingSite(south, 'Alps');
    await database.db.query(
      `INSERT INTO battery (serial_number, operating_site_id, name, battery_type, product)
       VALUES ('B-1', $1, 'One', 'T1', 'Battery'), ('B-2', $2, 'Two', 'T1', 'Battery')`,
      [harbour, alps],
    );
    await database.db.query(`INSERT INTO expected_version (battery_type, firmware_version) VALUES ('T1', '5.1.0')`);
    const file = await one(
      `INSERT INTO update_file (file_name, sha256, size_bytes, storage_key) VALUES ('a.bin', $1, 1, $1) RETURNING id`,
      ['a'.repeat(64)],
    );
    await database.db.query(
      `INSERT INTO update_job (battery_serial_number, update_file_id) VALUES ('B-1', $1), ('B-2', $1)`,
      [file],
    );
    await database.db.query(`INSERT INTO datalog (battery_serial_number) VALUES ('B-1'), ('B-2')`);

    expect(await database.migrateRest()).toContain(MIGRATION);

    const expected = await database.db.query(
      'SELECT organization_id, battery_type, firmware_version FROM expected_version ORDER BY organization_id',
    );
    expect(expected).toEqual([
      { organization_id: north, battery_type: 'T1', firmware_version: '5.1.0' },
      { organization_id: south, battery_type: 'T1', firmware_version: '5.1.0' },
    ]);
    for (const table of ['update_job', 'datalog']) {
      const rows = await database.db.query(
        `SELECT battery_serial_number, operating_site_id FROM ${table} ORDER BY battery_serial_number`,
      );
      expect(rows).toEqual([
        { battery_serial_number: 'B-1', operating_site_id: harbour },
        { battery_serial_number: 'B-2', operating_site_id: alps },
      ]);
    }
  });
});
