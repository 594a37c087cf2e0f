import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DeviceCredentials } from '@cbm/contracts/device-registry';
import type { ServerMetrics } from '@cbm/contracts/ingest-metrics';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectCode, startDynsecMosquitto } from '../../../test/dynsec-mosquitto';
import { addTestBatteries, type MqttCredentials, registerTestDevice, uniqueId } from '../../../test/mqtt-devices';
import { freePort } from '../../../test/server-process';
import {
  describeEachDatabase,
  openTestDatabase,
  TEST_SEED_TIME,
  type TestApp,
  testAppOn,
} from '../../../test/test-app';
import { DEMO_SEED } from '../../demo/demo-fleet';
import { seedDemo } from '../../demo/seed-demo';
import type { BrokerUrls } from './broker-sync';
import { runDeviceCommand } from './device-cli';
import { deviceRegistryRepository } from './device-registry-repository';

const PLATFORM = { username: 'cbm-platform', password: 'platform secret' };
const ADMIN = { username: 'cbm-admin', password: 'admin secret' };
const userUrl = (user: typeof PLATFORM, port: number) =>
  `mqtt://${user.username}:${encodeURIComponent(user.password)}@127.0.0.1:${port}`;
const AT_ONCE = { timeout: 5_000, interval: 20 };
const serialOf = (device: MqttCredentials) => device.username.replace('battery-', '');

describeEachDatabase('Mosquitto with the dynamic-security plugin, changed at once (MQTT_DYNSEC_URL)', (kind) => {
  let t: TestApp;
  let dir: string;
  let broker: Awaited<ReturnType<typeof startDynsecMosquitto>>;
  let siteId: number;
  let early: MqttCredentials;
  let admin: string;
  let urls: BrokerUrls;
  const open: MqttClient[] = [];
  const connect = async (credentials: MqttCredentials) => {
    const client = await mqtt.connectAsync(broker.url, { ...credentials, reconnectPeriod: 0 });
    open.push(client);
    return client;
  };
  const register = async (): Promise<MqttCredentials> => {
    const payload = { operatingSiteId: siteId, deviceClass: 'battery', serialNumber: uniqueId('D'), deviceType: 'LFP' };
    const response = await t.request({ method: 'POST', url: '/api/v2/devices', payload, cookie: admin });
    const { username, secret, clientId } = response.json() as DeviceCredentials;
    return { username, password: secret, clientId };
  };
  const change = (device: MqttCredentials, action: 'revoke' | 'rotate') =>
    t.request({
      method: 'POST',
      url: `/api/v2/devices/battery/${serialOf(device)}/${action}?operatingSiteId=${siteId}`,
      cookie: admin,
    });
  const brokerUsers = async () =>
    ((await t.request({ url: '/api/v2/metrics', cookie: admin })).json() as ServerMetrics).brokerUsers;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'cbm-dynsec-'));
    const port = await freePort();
    urls = { platformUrl: userUrl(PLATFORM, port), dynsecUrl: userUrl(ADMIN, port) };
    const database = await openTestDatabase(kind);
    await seedDemo(database.db, TEST_SEED_TIME, DEMO_SEED);
    const { serials } = await addTestBatteries(database.db, 1);
    ({ siteId } = await addTestBatteries(database.db, 0));
    early = await registerTestDevice(database.db, 'battery', serials[0] as string, siteId);
    // The whole registry into the plugin's file, before the broker starts (as after a loss).
    await runDeviceCommand(database.db, 'broker-sync', { 'dynsec-file': `${dir}/dynsec.json` }, urls);
    broker = await startDynsecMosquitto(dir, port, `${dir}/dynsec.json`);
    t = await testAppOn(database, { MQTT_URL: urls.platformUrl, MQTT_DYNSEC_URL: urls.dynsecUrl });
    await t.app.ready();
    admin = await t.signIn('admin@cbm.demo');
  });
  afterAll(async () => {
    for (const client of open) client.end(true);
    await t?.close();
    await broker?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it("lets in the platform's ingest worker and a device of the plugin's file, written from the registry's hashes", async () => {
    expect(t.app.devices.brokerStatus()).toMatchObject({ kind: 'external', connected: true, subscribed: true });
    expect(await connectCode(broker.url, early)).toBe(0);
    expect(await connectCode(broker.url, { ...early, password: 'wrong' })).toBe(5);
  });

  it('lets a device registered through the API in at once, without broker-sync', async () => {
    expect(await connectCode(broker.url, await register())).toBe(0);
  });

  it('closes the live connection of a device revoked through the API and refuses it again, within 5 s', async () => {
    // One of the plugin's file: on the broker whether or not registrations reach it at once.
    const device = early;
    const live = await connect(device);
    let closedAfter: number | undefined;
    const started = Date.now();
    live.on('close', () => {
      closedAfter ??= Date.now() - started;
    });
    expect((await change(device, 'revoke')).statusCode).toBe(200);
    await expect.poll(() => closedAfter, AT_ONCE).toBeDefined();
    expect(await connectCode(broker.url, device)).toBe(5);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("the CLI's revoke disconnects and refuses at once as well", async () => {
    const device = await register();
    const live = await connect(device);
    let closed = false;
    live.on('close', () => {
      closed = true;
    });
    await runDeviceCommand(t.db, 'revoke', { class: 'battery', serial: serialOf(device) }, urls);
    await expect.poll(() => closed, AT_ONCE).toBe(true);
    expect(await connectCode(broker.url, device)).toBe(5);
  });

  it('lets in the new secret of a device rotated through the API and no longer the old one', async () => {
    const device = await register();
    const rotated = (await change(device, 'rotate')).json() as DeviceCredentials;
    expect(await connectCode(broker.url, device)).toBe(5);
    expect(await connectCode(broker.url, { ...device, password: rotated.secret })).toBe(0);
  });

  it('counts a revocation the broker did not take and retries it until the broker is back', async () => {
    const device = await register();
    await broker.stop();
    expect((await change(device, 'revoke')).statusCode).toBe(200);
    expect(await brokerUsers()).toMatchObject({ pending: 1, failures: expect.any(Number) });
    await broker.start();
    await expect.poll(() => connectCode(broker.url, device), { timeout: 15_000, interval: 200 }).toBe(5);
    await expect.poll(brokerUsers, { timeout: 15_000 }).toMatchObject({ pending: 0 });
  });

  it('broker-sync --dynsec disables revoked devices the broker missed and names devices it lacks', async () => {
    const missed = await register();
    await deviceRegistryRepository(t.db).revoke('battery', serialOf(missed));
    const { serials } = await addTestBatteries(t.db, 1);
    const lacking = await registerTestDevice(t.db, 'battery', serials[0] as string, siteId);
    expect(await connectCode(broker.url, missed)).toBe(0);
    await expect(runDeviceCommand(t.db, 'broker-sync', { dynsec: true }, urls)).rejects.toThrow(lacking.username);
    expect(await connectCode(broker.url, missed)).toBe(5);
  });
});
