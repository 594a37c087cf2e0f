import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectRollupsToEqualRecompute,
  halfWritten,
  startFaultApp,
  storedSamples,
  telemetryPublisher,
} from '../../test/ingest-faults';
import { type PrivatePostgres, privatePostgresUnavailable, startPrivatePostgres } from '../../test/private-postgres';
import { mountSmallDisk, type SmallDisk, smallDiskUnavailable } from '../../test/small-disk';
import type { Database } from './database';
import { openPostgresDatabase } from './postgres-database';

const MESSAGES = 3000;
const BATTERIES = 3;
/** Room left on the small disk once CBM is migrated: full after a few hundred messages. */
const HEADROOM = 128 * 1024;
const ROOMY = 64 * 1024 * 1024;
const unavailable = !process.env.TEST_DATABASE_URL
  ? 'TEST_DATABASE_URL is not set'
  : (privatePostgresUnavailable() ?? smallDiskUnavailable());

/**
 * A private PostgreSQL whose CBM tables and indexes (the database's default tablespace) live on a small tmpfs,
 * the WAL and the catalogs on the ordinary disk. Ingestion runs the tmpfs full: writes fail with 53100
 * (`could not extend file`), the server keeps answering reads and refuses writes with 503
 * `server.databaseFull`, and acknowledges nothing it did not store. Once the tmpfs is enlarged ingestion
 * resumes by itself; every acknowledged message is stored once and the roll-ups equal a recompute.
 */
describe.skipIf(unavailable)(`a full database disk${unavailable ? ` (skipped: ${unavailable})` : ''}`, () => {
  let postgres: PrivatePostgres;
  let disk: SmallDisk;
  let db: Database;
  let app: FastifyInstance;
  let cookie: string;
  let serials: string[];

  beforeAll(async () => {
    postgres = await startPrivatePostgres();
    disk = await mountSmallDisk(ROOMY, 'postgres');
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query(`CREATE TABLESPACE small_disk LOCATION '${disk.dir}'`);
    await admin.query('ALTER DATABASE postgres SET default_tablespace = small_disk');
    await admin.end();
    db = await openPostgresDatabase({ connectionString: postgres.url, schema: 'cbm', max: 4 });
    ({ app, cookie, serials } = await startFaultApp(db, BATTERIES, ['cbm_view', 'cbm_filter']));
  }, 120_000);

  afterAll(async () => {
    await disk?.resize(ROOMY).catch(() => undefined);
    await app?.close();
    await db?.close();
    await postgres?.destroy();
    await disk?.unmount();
  });

  it('refuses writes with 503, acknowledges only what it stored, recovers by itself once there is room', {
    timeout: 60_000,
  }, async () => {
    const user = () => app.inject({ url: '/api/v2/user', headers: { cookie } });
    let filters = 0;
    const saveFilter = () =>
      app.inject({
        method: 'POST',
        url: '/api/v2/battery/Filters',
        headers: { cookie },
        payload: { name: `Filter ${++filters}`, columns: ['Timestamp', 'BatterySerialNumber', 'EventType'] },
      });
    expect((await saveFilter()).statusCode).toBe(200);
    const start = Date.now() - 3 * 3_600_000;
    const publisher = await telemetryPublisher(app, serials, start);
    // The first batch creates the month's partitions; then the disk shrinks to what is used plus the headroom.
    const warmUp = publisher.publish(30);
    await publisher.acknowledgedAtLeast(30);
    await warmUp;
    const migrated = await disk.used();
    await disk.resize(migrated + HEADROOM);
    const failedBefore = app.devices.metrics.failedBatches;

    const publishing = publisher.publish(MESSAGES);
    await expect.poll(() => app.devices.metrics.failedBatches, { timeout: 20_000 }).toBeGreaterThan(failedBefore);
    publisher.stop();
    await publishing;

    // While the disk is full: reads answer, writes that need room answer 503 with a clear message.
    expect((await user()).statusCode).toBe(200);
    let refused = await saveFilter();
    while (refused.statusCode === 200 && filters < 500) refused = await saveFilter();
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('30');
    expect(refused.json()).toEqual({
      statusCode: 503,
      code: 'server.databaseFull',
      message: expect.stringContaining('out of disk space'),
    });
    // Ingestion keeps retrying; whatever was acknowledged is stored, and no batch is half there.
    const failedWhileFull = app.devices.metrics.failedBatches;
    await expect.poll(() => app.devices.metrics.failedBatches, { timeout: 20_000 }).toBeGreaterThan(failedWhileFull);
    const acknowledgedWhileFull = [...publisher.acknowledged];
    const storedWhileFull = new Set((await storedSamples(db, serials)).map((row) => row.seq));
    expect(acknowledgedWhileFull.filter((seq) => !storedWhileFull.has(seq))).toEqual([]);
    expect(publisher.acknowledged.size).toBeLessThan(publisher.published);
    expect(await halfWritten(db, serials)).toEqual([]);

    await disk.resize(ROOMY);
    await publisher.acknowledgedAtLeast(publisher.published);
    await publisher.end();
    expect((await saveFilter()).statusCode).toBe(200);

    const stored = await storedSamples(db, serials);
    expect(stored.filter((row) => row.copies !== 1)).toEqual([]);
    expect(stored.map((row) => row.seq).sort((a, b) => a - b)).toEqual(
      [...publisher.acknowledged].sort((a, b) => a - b),
    );
    expect(stored.length).toBe(publisher.published);
    await expectRollupsToEqualRecompute(db, serials, start);
  });
});
