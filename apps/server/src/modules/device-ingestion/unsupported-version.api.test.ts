import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addTestBatteries,
  BROKER_KINDS,
  brokerEnv,
  connectDevice,
  dropSession,
  json,
  TEST_MQTT_URL,
  telemetry,
} from '../../../test/mqtt-devices';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** A topic of a protocol version the platform does not speak is counted, not dropped in silence. */
describe.each(BROKER_KINDS)('a cbm/v2 topic at the %s broker', (broker) => {
  let t: TestApp;
  let env: ReturnType<typeof brokerEnv>;
  let device: MqttClient;
  let serial: string;

  beforeAll(async () => {
    env = brokerEnv(broker);
    t = await createTestApp('pglite', env);
    await t.app.ready();
    [serial] = (await addTestBatteries(t.db, 1)).serials as [string];
    device = await connectDevice(broker === 'embedded' ? t.app : (TEST_MQTT_URL as string));
  });
  afterAll(async () => {
    await device.endAsync();
    await t.close();
    if ('MQTT_CLIENT_ID' in env) await dropSession(TEST_MQTT_URL as string, env.MQTT_CLIENT_ID as string, 5);
  });

  it('is rejected as unsupported-version, and cbm/v1 goes on being stored', async () => {
    const rejected = () => t.app.devices.metrics.snapshot().rejected;
    await device.publishAsync(`cbm/v2/battery/${serial}/telemetry`, json(telemetry(1, new Date())), { qos: 1 });
    await device.publishAsync(`cbm/v2/battery/${serial}/cmd/reply`, json({}), { qos: 1 });
    await expect.poll(() => rejected()['unsupported-version'], { timeout: 10_000 }).toBe(2);
    await device.publishAsync(`cbm/v1/battery/${serial}/telemetry`, json(telemetry(2, new Date())), { qos: 1 });
    await expect.poll(() => t.app.devices.metrics.snapshot().stored.batterySample, { timeout: 10_000 }).toBe(1);
    expect(rejected()['invalid-topic']).toBeUndefined();
  });
});
