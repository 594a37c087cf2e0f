import { topicFor } from '@cbm/contracts/device-protocol';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  addTestBatteries,
  json,
  type MqttCredentials,
  registerTestDevice,
  telemetry,
} from '../../../test/mqtt-devices';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { deviceBrokerUrl } from '../device-channel/device-channel-plugin';
import { deviceRegistryService } from '../device-registry/device-registry-service';

const poll = { timeout: 10_000, interval: 20 };

/** The CONNACK return code a refused connect ends with (MQTT 3.1.1), or 0 when it connected. */
async function connectCode(url: string, options: IClientOptions): Promise<number> {
  try {
    const client = await mqtt.connectAsync(url, { reconnectPeriod: 0, ...options });
    await client.endAsync();
    return 0;
  } catch (error) {
    return (error as { code?: number }).code ?? -1;
  }
}

const closed = (client: MqttClient) => new Promise<void>((resolve) => client.once('close', () => resolve()));

describeEachDatabase('the embedded broker lets each device reach only its own topics', (kind) => {
  let t: TestApp;
  let url: string;
  let serials: string[];
  let a: MqttCredentials;
  let b: MqttCredentials;
  const open: MqttClient[] = [];
  const connect = async (credentials: MqttCredentials) => {
    const client = await mqtt.connectAsync(url, { ...credentials, reconnectPeriod: 0 });
    open.push(client);
    return client;
  };
  const refused = () => t.app.devices.metrics.snapshot().refused;
  const samples = async (serial: string) =>
    (await t.db.query('SELECT 1 FROM battery_sample WHERE serial_number = $1', [serial])).length;

  beforeAll(async () => {
    t = await createTestApp(kind, { SAMPLE_RESOLUTION_SECONDS: 0 });
    await t.app.ready();
    url = deviceBrokerUrl(t.app);
    let siteId: number;
    ({ serials, siteId } = await addTestBatteries(t.db, 3));
    a = await registerTestDevice(t.app, 'battery', serials[0] as string, siteId);
    b = await registerTestDevice(t.app, 'battery', serials[1] as string, siteId);
  });
  afterAll(async () => {
    for (const client of open) client.end(true);
    await t.close();
  });

  it('refuses a connect without credentials, with a wrong secret, or with another client id', async () => {
    expect(await connectCode(url, { clientId: 'anonymous' })).toBe(4);
    expect(await connectCode(url, { ...a, password: `${a.password}x` })).toBe(4);
    expect(await connectCode(url, { ...a, clientId: b.clientId })).toBe(2);
    expect(
      await connectCode(url, { ...a, username: 'battery-NOT-REGISTERED', clientId: 'battery-NOT-REGISTERED' }),
    ).toBe(4);
    expect(await connectCode(url, a)).toBe(0);
    expect(refused()).toMatchObject({
      'connect:no-credentials': 1,
      'connect:bad-credentials': 2,
      'connect:wrong-client-id': 1,
    });
  });

  it('stores what a device publishes on its own topics', async () => {
    const device = await connect(a);
    await device.publishAsync(topicFor('battery', serials[0] as string, 'telemetry'), json(telemetry(1, new Date())), {
      qos: 1,
    });
    await device.publishAsync(topicFor('battery', serials[0] as string, 'status'), json({ online: true }), {
      qos: 1,
      retain: true,
    });
    await expect.poll(() => samples(serials[0] as string), poll).toBe(1);
  });

  it.each([
    ['as another battery', topicFor('battery', 'B', 'telemetry'), false, 'publish:not-own-topic'],
    ['a command', topicFor('battery', 'A', 'cmd'), false, 'publish:not-own-topic'],
    ['outside the device topics', 'cbm/internal/cbm/live/1', false, 'publish:not-own-topic'],
    ['a retained telemetry', topicFor('battery', 'A', 'telemetry'), true, 'publish:retain-not-allowed'],
  ])('disconnects a device that publishes %s', async (_, topic, retain, reason) => {
    const own = serials[0] as string;
    const before = refused()[reason as 'publish:not-own-topic'] ?? 0;
    const device = await connect(a);
    const gone = closed(device);
    const target = topic.replace('/battery/B/', `/battery/${serials[1]}/`).replace('/battery/A/', `/battery/${own}/`);
    device.publish(target, json(telemetry(2, new Date())), { qos: 1, retain });
    await gone;
    expect(refused()[reason as 'publish:not-own-topic']).toBe(before + 1);
    expect(await samples(serials[1] as string)).toBe(0);
  });

  it("lets a device subscribe to its own commands only, and never hands it another device's", async () => {
    const device = await connect(a);
    const topics = [
      topicFor('battery', serials[0] as string, 'cmd'),
      '#',
      '$SYS/#',
      'cbm/internal/#',
      topicFor('battery', serials[1] as string, 'cmd'),
      'cbm/v1/battery/+/cmd',
    ];
    const granted: number[] = [];
    for (const topic of topics) {
      // mqtt.js rejects a refused subscription (SUBACK 0x80) and names the code in the packet.
      const grant = await device.subscribeAsync(topic, { qos: 1 }).then(
        ([first]) => first?.qos,
        (error: { packet?: { granted?: number[] } }) => error.packet?.granted?.[0],
      );
      granted.push(grant ?? -1);
    }
    expect(granted).toEqual([1, 128, 128, 128, 128, 128]);
    const heard: string[] = [];
    device.on('message', (topic) => heard.push(topic));
    const other = await connect(b);
    await other.subscribeAsync(topicFor('battery', serials[1] as string, 'cmd'), { qos: 1 });
    const otherHeard = new Promise<string>((resolve) => other.once('message', (topic) => resolve(topic)));
    await t.app.devices.sendCommand(serials[1] as string, { type: 'refresh' });
    await t.app.devices.sendCommand(serials[0] as string, { type: 'refresh' });
    expect(await otherHeard).toBe(topicFor('battery', serials[1] as string, 'cmd'));
    await expect.poll(() => heard, poll).toEqual([topicFor('battery', serials[0] as string, 'cmd')]);
    expect(refused()['subscribe:not-own-topic']).toBe(5);
  });

  it('disconnects a revoked device at once and lets it in again only with new credentials', async () => {
    const serial = serials[2] as string;
    const siteId = (
      await t.db.query<{ id: number }>('SELECT operating_site_id AS id FROM battery WHERE serial_number = $1', [serial])
    )[0]?.id;
    const old = await registerTestDevice(t.app, 'battery', serial, siteId as number);
    const device = await connect(old);
    const gone = closed(device);
    const actor = { userId: null, email: 'test' };
    await t.app.deviceRegistry.revoke(actor, {
      deviceClass: 'battery',
      serialNumber: serial,
      operatingSiteId: siteId as number,
    });
    await gone;
    expect(await connectCode(url, old)).toBe(5);
    const rotated = await t.app.deviceRegistry.rotate(actor, {
      deviceClass: 'battery',
      serialNumber: serial,
      operatingSiteId: siteId as number,
    });
    expect(await connectCode(url, old)).toBe(4);
    expect(await connectCode(url, { ...old, password: rotated.secret })).toBe(0);
    expect(refused()['connect:revoked']).toBe(1);
  });

  it('hears a revocation made by another process (the CLI) within seconds, and keeps other connections', async () => {
    const serial = serials[2] as string;
    const siteId = (
      await t.db.query<{ id: number }>('SELECT operating_site_id AS id FROM battery WHERE serial_number = $1', [serial])
    )[0]?.id as number;
    const elsewhere = deviceRegistryService(t.db);
    const actor = { userId: null, email: 'cli' };
    const { secret } = await elsewhere.rotate(actor, {
      deviceClass: 'battery',
      serialNumber: serial,
      operatingSiteId: siteId,
    });
    const login = { username: `battery-${serial}`, clientId: `battery-${serial}`, password: secret };
    // The broker hears the new secret at its next look for changes.
    await expect.poll(() => connectCode(url, login), poll).toBe(0);
    const device = await connect(login);
    const bystander = await connect(b);
    const gone = closed(device);
    await elsewhere.revoke(actor, { deviceClass: 'battery', serialNumber: serial, operatingSiteId: siteId });
    await gone;
    expect(bystander.connected).toBe(true);
  });

  it('shows the refusals in the metrics', async () => {
    const admin = await t.signIn('admin@cbm.demo');
    const metrics = await t.request({ url: '/api/v2/metrics', cookie: admin });
    expect(metrics.json()).toMatchObject({ refused: { 'connect:no-credentials': 1 } });
    const text = await t.request({ url: '/api/v2/metrics?format=prometheus', cookie: admin });
    expect(text.body).toMatch(/^cbm_broker_refused_total\{action="connect",reason="no-credentials"\} 1$/m);
  });
});
