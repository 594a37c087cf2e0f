import { afterAll, beforeAll, expect, it } from 'vitest';
import { type DatabaseBeforeMigration, openDatabaseBefore } from '../../../test/database-before-migration';
import { describeEachDatabase } from '../../../test/test-app';

const MIGRATION = '069-offline-before-error.sql';

/** Migration 069 on batteries counted by the rule before it: the kept counts follow the new rule (decision 139). */
describeEachDatabase('migration 069: offline before error', (kind) => {
  let database: DatabaseBeforeMigration;
  const counts = () =>
    database.db.query<{ state: string; online: boolean; batteries: number }>(
      'SELECT state, online, batteries FROM site_battery_health WHERE batteries > 0 ORDER BY state, online',
    );

  beforeAll(async () => {
    database = await openDatabaseBefore(kind, MIGRATION);
  });
  afterAll(() => database.drop());

  it('recounts a disconnected battery with an error as offline, a connected one as in error', async () => {
    const [site] = await database.db.query<{ id: number }>(
      `INSERT INTO site_node (name, type) VALUES ('Site', 'operatingSite') RETURNING id`,
    );
    await database.db.query(
      `INSERT INTO operating_site (id, latitude, longitude, timezone, currency, price_per_kwh)
       VALUES ($1, 53.5, 10, 'UTC', 'EUR', 0.3)`,
      [site?.id],
    );
    await database.db.query(
      `INSERT INTO battery (serial_number, operating_site_id, name, battery_type, product, status, online,
                           current_error_code)
       VALUES ('WILL', $1, 'Will', 'LFP', 'Test', 'offline', false, 'E101'),
              ('QUIET', $1, 'Quiet', 'LFP', 'Test', 'silent', true, 'E101'),
              ('NOW', $1, 'Now', 'LFP', 'Test', 'error', true, 'E101')`,
      [site?.id],
    );
    expect(await counts()).toEqual([
      { state: 'error', online: false, batteries: 1 },
      { state: 'error', online: true, batteries: 2 },
    ]);
    expect(await database.migrateRest()).toContain(MIGRATION);
    expect(await counts()).toEqual([
      { state: 'error', online: true, batteries: 1 },
      { state: 'offline', online: false, batteries: 1 },
      { state: 'offline', online: true, batteries: 1 },
    ]);
  });
});
