import { provisionFleet, simulatorGatewaySerial, waitForBrokerAccess } from '@cbm/simulator/cli/provision';
import { syntheticBatteries } from '@cbm/simulator/cli/synthetic-fleet';
import { type FleetHandle, startFleet } from '@cbm/simulator/fleet/start-fleet';
import type { Login } from '@cbm/simulator/transport/transport';
import mqtt from 'mqtt';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { uniqueId } from '../../../test/mqtt-devices';
import { addOperatingSite } from '../../../test/operating-site';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { deviceBrokerUrl } from '../device-channel/device-channel-plugin';
import { runDeviceCommand } from './device-cli';
import { verifySecret } from './device-secret';

const poll = { timeout: 15_000, interval: 50 };

/** Whether the broker lets a gateway's connection in (CONNACK accepted). */
async function admitted(url: string, gateway: Login): Promise<boolean> {
  try {
    const client = await mqtt.connectAsync(url, { ...gateway, clientId: `${gateway.username}:t`, reconnectPeriod: 0 });
    await client.endAsync();
    return true;
  } catch {
    return false;
  }
}

describeEachDatabase('npm run simulate -- --provision registers its gateway through the registry', (kind) => {
  let t: TestApp;
  let url: string;
  let siteId: number;
  const fleets: FleetHandle[] = [];
  const samples = async (serials: string[]) =>
    (
      await t.db.query<{ serial_number: string }>(
        'SELECT DISTINCT serial_number FROM battery_sample WHERE serial_number = ANY($1) ORDER BY serial_number',
        [serials],
      )
    ).map((row) => row.serial_number);
  const simulate = (batteries: ReturnType<typeof syntheticBatteries>, gateway?: Login) => {
    const fleet = startFleet({
      brokerUrl: url,
      devices: { batteries },
      intervalMs: 500,
      connections: 1,
      clientIdPrefix: uniqueId('cbm-load'),
      logins: { gateway },
      datalogSamples: 1,
    });
    fleets.push(fleet);
    return fleet;
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { SAMPLE_RESOLUTION_SECONDS: 0 });
    await t.app.ready();
    url = deviceBrokerUrl(t.app);
    siteId = await addOperatingSite(t.db, uniqueId('Load test site'));
  });
  afterEach(async () => {
    for (const fleet of fleets.splice(0)) await fleet.stop();
  });
  afterAll(() => t.close());

  it('refuses the synthetic fleet without credentials, even once its batteries exist', async () => {
    const batteries = syntheticBatteries(2, uniqueId('ANON'), 'Europe/Berlin');
    const serials = batteries.map((battery) => battery.serialNumber);
    await provisionFleet(t.db, siteId, batteries, simulatorGatewaySerial(uniqueId('other')));
    const before = t.app.devices.metrics.snapshot().refused['connect:no-credentials'] ?? 0;
    const fleet = simulate(batteries);
    await expect
      .poll(() => t.app.devices.metrics.snapshot().refused['connect:no-credentials'] ?? 0, poll)
      .toBeGreaterThan(before);
    expect(fleet.counters.acked).toBe(0);
    await expect(waitForBrokerAccess(url, undefined, uniqueId('cbm-load'), 0)).rejects.toThrow(/--provision/);
    expect(await samples(serials)).toEqual([]);
  });

  it("inserts the batteries, registers the run's gateway hashed, and the broker stores what its connections send", async () => {
    const prefix = uniqueId('SIM');
    const batteries = syntheticBatteries(3, prefix, 'Europe/Berlin');
    const serials = batteries.map((battery) => battery.serialNumber);
    const first = await provisionFleet(t.db, siteId, batteries, simulatorGatewaySerial(prefix));
    expect(first.inserted).toBe(3);
    expect(first.gateway.username).toBe(`gateway-simulator-${prefix}`);
    const [stored] = await t.db.query<{ secret_hash: string; operating_site_id: number | null }>(
      `SELECT secret_hash, operating_site_id FROM device_credential WHERE device_class = 'gateway' AND serial_number = $1`,
      [simulatorGatewaySerial(prefix)],
    );
    expect(stored?.operating_site_id).toBeNull();
    expect(stored?.secret_hash).not.toContain(first.gateway.password);
    expect(await verifySecret(first.gateway.password, stored?.secret_hash as string)).toBe(true);

    await waitForBrokerAccess(url, first.gateway, 'unused');
    const fleet = simulate(batteries, first.gateway);
    await fleet.ready;
    await expect.poll(() => samples(serials), poll).toEqual([...serials].sort());
    await fleet.stop();

    // A second run of the same prefix leaves the batteries alone and gets new credentials; the old ones stop working.
    const second = await provisionFleet(t.db, siteId, batteries, simulatorGatewaySerial(prefix));
    expect(second.inserted).toBe(0);
    expect(second.gateway.username).toBe(first.gateway.username);
    expect(second.gateway.password).not.toBe(first.gateway.password);
    await waitForBrokerAccess(url, second.gateway, 'unused');
    expect(await admitted(url, first.gateway)).toBe(false);

    // Revoked when the test is over (docs/operations.md): the broker lets it in no more.
    await runDeviceCommand(t.db, 'revoke', { class: 'gateway', serial: simulatorGatewaySerial(prefix) });
    await expect.poll(() => admitted(url, second.gateway), poll).toBe(false);
  });
});
