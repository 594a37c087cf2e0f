import { MAX_PACKET_BYTES, topicFor } from '@cbm/contracts/device-protocol';
import mqtt from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  addTestBatteries,
  connectDevice,
  json,
  type MqttCredentials,
  registerTestDevice,
  telemetry,
} from '../../../test/mqtt-devices';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { deviceBrokerUrl } from '../device-channel/device-channel-plugin';

const RATE = 20;
const BAD_PER_MINUTE = 5;
const poll = { timeout: 10_000, interval: 25 };

describeEachDatabase('per-device limits at the embedded broker', (kind) => {
  let t: TestApp;
  let admin: string;
  let siteId: number;
  let serials: string[];
  const devices: MqttCredentials[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind, {
      SAMPLE_RESOLUTION_SECONDS: 0,
      MQTT_DEVICE_PUBLISHES_PER_SECOND: RATE,
      MQTT_PUBLISH_BURST_SECONDS: 0.5,
      MQTT_BAD_MESSAGES_PER_MINUTE: BAD_PER_MINUTE,
      MQTT_BAD_MESSAGE_BACKOFF_SECONDS: 60,
    });
    await t.app.ready();
    ({ serials, siteId } = await addTestBatteries(t.db, 3));
    for (const serial of serials) devices.push(await registerTestDevice(t.app, 'battery', serial, siteId));
    admin = await t.signIn('admin@cbm.demo');
  });
  afterAll(() => t.close());

  const connect = (device: MqttCredentials) => connectDevice(t.app, { ...device });
  const refused = () => t.app.devices.metrics.snapshot().refused;
  const listed = async (username: string) => {
    const response = await t.request({ url: `/api/v2/devices?operatingSiteId=${siteId}`, cookie: admin });
    return response.json().devices.find((device: { mqttUsername: string }) => device.mqttUsername === username);
  };

  it('refuses a packet over the limit without acknowledging it, and closes the connection', async () => {
    const device = devices[0] as MqttCredentials;
    const client = await connect(device);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    let acknowledged = false;
    const topic = topicFor('battery', serials[0] as string, 'telemetry');
    client.publish(topic, Buffer.alloc(2 * 1024 * 1024, 'x'), { qos: 1 }, (error) => {
      acknowledged = !error;
    });
    await closed;
    client.end(true);
    expect(acknowledged).toBe(false);
    expect(refused()['publish:too-large']).toBeGreaterThanOrEqual(1);
    expect(MAX_PACKET_BYTES).toBeLessThan(2 * 1024 * 1024);
  });

  it('holds a device to its publish rate after the burst, and shows it throttled', async () => {
    const device = devices[1] as MqttCredentials;
    const client = await connect(device);
    const count = 40;
    const started = performance.now();
    const topic = topicFor('battery', serials[1] as string, 'telemetry');
    await Promise.all(
      Array.from({ length: count }, (_, seq) =>
        client.publishAsync(topic, json(telemetry(seq + 1, new Date(Date.now() - (count - seq) * 1000))), { qos: 1 }),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    await client.endAsync();
    // 10 at once (the burst of 0.5 s), the other 30 at 20 per second: 1.5 s at least.
    expect(seconds).toBeGreaterThanOrEqual(1.4);
    expect(refused()['publish:throttled']).toBeGreaterThanOrEqual(1);
    expect(await listed(device.username)).toMatchObject({ limit: { limit: 'throttled', until: null } });
    const stored = await t.db.query('SELECT 1 FROM battery_sample WHERE serial_number = $1', [serials[1]]);
    expect(stored).toHaveLength(count);
  });

  it('disconnects a device over its budget of bad messages and refuses it for the back-off period', async () => {
    const device = devices[2] as MqttCredentials;
    const client = await connect(device);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    const started = performance.now();
    const topic = topicFor('battery', serials[2] as string, 'telemetry');
    for (let n = 0; n < 3 * BAD_PER_MINUTE; n++) client.publish(topic, '{not json', { qos: 0 });
    await closed;
    client.end(true);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(refused()['publish:bad-messages']).toBe(1);

    const again = mqtt.connectAsync(deviceBrokerUrl(t.app), { ...device, reconnectPeriod: 0 });
    await expect(again).rejects.toThrow(/Server unavailable/i);
    expect(refused()['connect:backing-off']).toBeGreaterThanOrEqual(1);
    expect(await listed(device.username)).toMatchObject({
      limit: { limit: 'bad-messages', until: expect.any(String) },
    });

    // The others keep their service.
    const other = await connect(devices[1] as MqttCredentials);
    await other.publishAsync(topicFor('battery', serials[1] as string, 'telemetry'), json(telemetry(99, new Date())), {
      qos: 1,
    });
    await other.endAsync();
    await expect
      .poll(async () => (await t.db.query('SELECT 1 FROM battery_sample WHERE seq = 99')).length, poll)
      .toBe(1);
  });

  it('counts each limit by reason in the Prometheus output', async () => {
    const text = await t.request({ url: '/api/v2/metrics?format=prometheus', cookie: admin });
    for (const reason of ['too-large', 'throttled', 'bad-messages']) {
      expect(text.body).toMatch(
        new RegExp(`^cbm_broker_refused_total\\{action="publish",reason="${reason}"\\} \\d+$`, 'm'),
      );
    }
    expect(text.body).toMatch(/^cbm_broker_refused_total\{action="connect",reason="backing-off"\} \d+$/m);
  });
});
