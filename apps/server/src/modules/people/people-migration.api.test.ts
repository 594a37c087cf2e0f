import { afterAll, beforeAll, expect, it } from 'vitest';
import { type DatabaseBeforeMigration, openDatabaseBefore } from '../../../test/database-before-migration';
import { describeEachDatabase } from '../../../test/test-app';

const MIGRATION = '023-people.sql';

/** Migration 023 on users of the schema before it: who belongs to which organisation (decision 037). */
describeEachDatabase('migration 023: people', (kind) => {
  let database: DatabaseBeforeMigration;
  const id = async (sql: string, values: unknown[]) =>
    ((await database.db.query<{ id: number }>(sql, values))[0] as { id: number }).id;
  const node = (parentId: number | null, name: string) =>
    id(`INSERT INTO site_node (parent_id, name, type) VALUES ($1, $2, $3) RETURNING id`, [
      parentId,
      name,
      parentId === null ? 'organization' : 'region',
    ]);
  const user = async (email: string, grants: number[]) => {
    const userId = await id('INSERT INTO app_user (email) VALUES ($1) RETURNING id', [email]);
    for (const nodeId of grants) {
      await database.db.query('INSERT INTO user_site_grant (user_id, site_node_id) VALUES ($1, $2)', [userId, nodeId]);
    }
  };

  beforeAll(async () => {
    database = await openDatabaseBefore(kind, MIGRATION);
  });
  afterAll(() => database.drop());

  it('puts a user whose grants all lie in one organisation into it, and nobody else into any', async () => {
    const north = await node(null, 'North');
    const south = await node(null, 'South');
    const coast = await node(north, 'Coast');
    await user('one@example.com', [coast, north]);
    await user('both@example.com', [coast, south]);
    await user('none@example.com', []);
    expect(await database.migrateRest()).toContain(MIGRATION);
    const rows = await database.db.query<{ email: string; organization_id: number | null }>(
      'SELECT email, organization_id FROM app_user ORDER BY email',
    );
    expect(rows).toEqual([
      { email: 'both@example.com', organization_id: null },
      { email: 'none@example.com', organization_id: null },
      { email: 'one@example.com', organization_id: north },
    ]);
  });
});
