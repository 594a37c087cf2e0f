import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type CampaignProgress,
  campaignProgressSchema,
  firmwareReleaseSchema,
} from '@cbm/contracts/firmware-campaigns';
import { BATTERY_MODELS } from '@cbm/demo-fixtures/battery-models';
import { DEMO_ORGANIZATIONS } from '@cbm/demo-fixtures/demo-sites';
import { type ManualClock, manualClock } from '@cbm/simulator/clock';
import { failsInstall, INSTALL_FAULT } from '@cbm/simulator/commands/firmware-job';
import { fleetDevicesFromDemo } from '@cbm/simulator/fleet/demo-devices';
import { type FleetHandle, startFleet } from '@cbm/simulator/fleet/start-fleet';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { releaseUpload } from '../../../test/firmware-device';
import { testGateway, uniqueId } from '../../../test/mqtt-devices';
import { siteNodeIds } from '../../../test/site-admins';
import { createTestApp, describeEachDatabase, TEST_SEED_TIME, type TestApp } from '../../../test/test-app';
import { DEMO_SEED, generateFleet } from '../../demo/demo-fleet';
import { deviceBrokerUrl } from '../device-channel/device-channel-plugin';

const BROKEN = '7.0.0';
const FIXED = '7.0.1';
const FAULTS = { versions: [BROKEN], share: 0.5 };
const STEP_MS = 5_000;
/** At most this many steps per phase of the test (a wave takes a few). */
const MAX_STEPS = 1500;

/**
 * Hamburg Hafen's and Bremen GVZ's 60 demo batteries, every one simulated and on the workshop bench: each stands
 * by, flashes in seconds and runs its discharge test, so the test is about waves, not about shifts (a shift-driven
 * fleet takes days of simulated time until its last battery stood by, discharged and stood by again).
 */
function demoDevices() {
  const sites = DEMO_ORGANIZATIONS.flatMap((organization) => organization.regions.flatMap((region) => region.sites));
  const fleet = generateFleet(
    sites.map((_, index) => ({ id: index, index })),
    TEST_SEED_TIME,
    DEMO_SEED,
  );
  const atFirstTwo = <T extends { siteId: number }>(items: T[]) => items.filter((item) => item.siteId < 2);
  return fleetDevicesFromDemo(
    {
      batteries: atFirstTwo(fleet.batteries).map((battery) => ({ ...battery, iotModuleOff: false, bench: true })),
      chargers: atFirstTwo(fleet.chargers),
      mdloadUnits: [],
    },
    (index) => sites[index]?.timezone ?? 'Europe/Berlin',
    BATTERY_MODELS,
  );
}

describeEachDatabase('a firmware campaign over 60 simulated demo batteries', (kind) => {
  let t: TestApp;
  let admin: string;
  let origin: string;
  let dataDir: string;
  let fleet: FleetHandle;
  let clock: ManualClock;
  let serials: string[];
  let ids: Record<string, number>;

  const progress = async (id: number) =>
    campaignProgressSchema.parse((await t.request({ url: `/api/v2/firmware/campaigns/${id}`, cookie: admin })).json());
  /** Simulated time moves on in steps; after each, the server has stored everything the fleet sent. */
  const driveUntil = async (id: number, done: (campaign: CampaignProgress) => boolean) => {
    for (let step = 0; step < MAX_STEPS; step++) {
      const campaign = await progress(id);
      if (done(campaign)) return campaign;
      await clock.advance(STEP_MS);
      await expect
        .poll(() => fleet.counters.acked + fleet.counters.failed, { timeout: 10_000, interval: 20 })
        .toBeGreaterThanOrEqual(fleet.counters.sent);
    }
    const last = await progress(id);
    throw new Error(
      `campaign ${id}: not reached within ${MAX_STEPS} steps: ${JSON.stringify({ ...last, siteWindows: undefined })}`,
    );
  };
  const release = async (version: string, types: string[]) => {
    const hamburg = ids['Hamburg Hafen'] as number;
    const upload = await releaseUpload(
      hamburg,
      { name: `bms-${version}.bin`, data: `BMS ${version}` },
      {
        version,
        batteryTypes: types.join(','),
      },
    );
    const response = await t.request({ ...upload, cookie: admin });
    expect(response.statusCode, response.body).toBe(201);
    return firmwareReleaseSchema.parse(response.json());
  };
  const jobWaves = async (campaignId: number) =>
    (
      await t.db.query<{ wave: number }>(
        `SELECT DISTINCT cb.wave FROM update_job j JOIN firmware_campaign_battery cb
            ON cb.campaign_id = j.campaign_id AND cb.battery_serial_number = j.battery_serial_number
          WHERE j.campaign_id = $1 ORDER BY 1`,
        [campaignId],
      )
    ).map((row) => row.wave);

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'cbm-campaign-sim-'));
    t = await createTestApp(kind, { DATA_DIR: dataDir, CAMPAIGN_COMMANDS_PER_SECOND: 100 });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = new URL(address).host;
    admin = await t.signIn('admin@cbm.demo');
    ids = await siteNodeIds(t, admin);
    const devices = demoDevices();
    serials = devices.batteries.map((battery) => battery.serialNumber).sort();
    // Simulated time starts an hour ago; the seeded info must not be newer than what the batteries report.
    await t.db.query(`UPDATE battery SET info_timestamp = now() - interval '30 days' WHERE serial_number = ANY($1)`, [
      serials,
    ]);
    clock = manualClock(Date.now() - 3_600_000);
    fleet = startFleet({
      brokerUrl: deviceBrokerUrl(t.app),
      devices,
      clock,
      intervalMs: STEP_MS,
      connections: 1,
      logins: { gateway: await testGateway(t.app) },
      clientIdPrefix: uniqueId('cbm-campaign'),
      firmwareFaults: FAULTS,
      datalogSamples: 1,
    });
    await fleet.ready;
    await clock.advance(STEP_MS);
  }, 60_000);
  afterAll(async () => {
    await fleet?.stop();
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('pauses above the failure threshold in wave 1, then completes with a fixed file', {
    timeout: 600_000,
  }, async () => {
    expect(serials).toHaveLength(60);
    const types = [...new Set(demoDevices().batteries.map((battery) => battery.batteryType))];
    const broken = await release(BROKEN, types);
    const fixed = await release(FIXED, types);
    const created = await t.request({
      method: 'POST',
      url: `/api/v2/firmware/campaigns?operatingSiteId=${ids['Hamburg Hafen']}`,
      headers: { host: origin },
      payload: {
        name: 'Hamburg and Bremen to 7.0',
        releaseId: broken.id,
        operatingSiteIds: [ids['Hamburg Hafen'], ids['Bremen GVZ']],
        waves: [10, 30, 60],
        failureThresholdPercent: 10,
      },
      cookie: admin,
    });
    expect(created.statusCode, created.body).toBe(201);
    const campaign = campaignProgressSchema.parse(created.json());
    expect(campaign.perWave.map((wave) => wave.total)).toEqual([6, 18, 36]);
    const failing = serials.slice(0, 6).filter((serial) => failsInstall(FAULTS, serial, BROKEN));
    expect(failing.length / 6).toBeGreaterThan(0.1);

    const paused = await driveUntil(campaign.id, (current) => current.status !== 'running');
    expect(paused).toMatchObject({ status: 'paused', pausedReason: 'failureThreshold', currentWave: 1 });
    expect(paused.failed.map((battery) => battery.batterySerialNumber)).toEqual(failing);
    expect(paused.failed.every((battery) => battery.reason === INSTALL_FAULT)).toBe(true);
    expect(await jobWaves(campaign.id)).toEqual([1]);

    const resumed = await t.request({
      method: 'POST',
      url: `/api/v2/firmware/campaigns/${campaign.id}/resume`,
      payload: { releaseId: fixed.id },
      cookie: admin,
    });
    expect(resumed.statusCode, resumed.body).toBe(200);
    const completed = await driveUntil(campaign.id, (current) => current.status !== 'running');
    expect(completed.status).toBe('completed');
    expect(completed.failed).toEqual([]);
    expect(await jobWaves(campaign.id)).toEqual([1, 2, 3]);

    const versions = await t.db.query<{ firmware_version: string }>(
      'SELECT DISTINCT firmware_version FROM battery WHERE serial_number = ANY($1)',
      [serials],
    );
    expect(versions).toEqual([{ firmware_version: FIXED }]);
    const expected = await t.db.query<{ battery_type: string; firmware_version: string }>(
      `SELECT battery_type, firmware_version FROM expected_version WHERE organization_id = $1 AND battery_type = ANY($2)`,
      [ids['Nordlicht Logistik GmbH'], types],
    );
    expect(expected.map((row) => row.firmware_version)).toEqual(types.map(() => FIXED));
  });
});
