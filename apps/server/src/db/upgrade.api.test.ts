import { copyFile, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tableColumns, tableDigests } from '../../test/table-digests';
import { describeEachDatabase, openTestDatabase, type TestApp, testAppOn } from '../../test/test-app';
import { loadConfig } from '../config';
import { migrate } from './migrate';

const MIGRATIONS = loadConfig({}).migrationsDir;
/** The previous release: main 5d70634 (2026-11-30), whose newest migration was this one. */
const PREVIOUS_LAST_MIGRATION = '033-site-connectivity-counts.sql';
/** Its demo data with a day of history, written by its own code (the file's header says how it was made). */
const FIXTURE = path.join(import.meta.dirname, '../../test/fixtures/release-5d70634.sql.gz');

/** An upgrade as an operator runs one: the previous release's database, with data, started by this build. */
describeEachDatabase('upgrade from the previous release', (kind) => {
  let previousMigrations: string;
  let t: TestApp;
  let before: Record<string, string>;
  let columnsBefore: Record<string, string[]>;
  let applied: string[];

  beforeAll(async () => {
    previousMigrations = await mkdtemp(path.join(tmpdir(), 'cbm-previous-release-'));
    for (const file of await readdir(MIGRATIONS)) {
      if (file <= PREVIOUS_LAST_MIGRATION)
        await copyFile(path.join(MIGRATIONS, file), path.join(previousMigrations, file));
    }
    const database = await openTestDatabase(kind, previousMigrations);
    const data = gunzipSync(await readFile(FIXTURE)).toString('utf8');
    await database.db.transaction(async (tx) => {
      // As pg_restore --disable-triggers: the dump holds the rows the triggers wrote (event counts, summaries).
      await tx.query('SET LOCAL session_replication_role = replica');
      await tx.execScript(data);
    });
    // Every table but the list of applied migrations, which the upgrade is meant to change.
    const { schema_migration: _applied, ...columns } = await tableColumns(database.db);
    columnsBefore = columns;
    before = await tableDigests(database.db, columnsBefore);
    applied = await migrate(database.db, MIGRATIONS);
    t = await testAppOn(database);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await rm(previousMigrations, { recursive: true, force: true });
  });

  it('applies the migrations added since, in order', async () => {
    const newer = (await readdir(MIGRATIONS)).filter((file) => file.endsWith('.sql') && file > PREVIOUS_LAST_MIGRATION);
    expect(newer.length).toBeGreaterThan(0);
    expect(applied).toEqual(newer.sort());
  });

  it('keeps every row of every table, each column the previous release had', async () => {
    expect(Number(before.battery_hour?.split(' ')[0])).toBeGreaterThan(1000);
    expect(await tableDigests(t.db, columnsBefore)).toEqual(before);
  });

  it("serves the previous release's data: its users sign in with their passwords and see their sites and alarms", async () => {
    const admin = await t.signIn('admin@cbm.demo');
    const sites = await t.request({ url: '/api/v2/OperatingSites/info', cookie: admin });
    expect(sites.statusCode).toBe(200);
    const [site] = (await t.db.query<{ id: number }>('SELECT operating_site_id AS id FROM alarm')) as [{ id: number }];
    const alarms = await t.request({ url: `/api/v2/Alarm?operatingSiteId=${site.id}&state=all`, cookie: admin });
    expect(alarms.statusCode).toBe(200);
    expect(alarms.json()).toHaveLength(1);
    const user = await t.request({ url: '/api/v2/user', cookie: admin });
    expect(user.json()).toMatchObject({ clock: 'site' });
  });
});
