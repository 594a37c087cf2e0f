import { topicFor } from '@cbm/contracts/device-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addTestBatteries,
  brokerEnv,
  connectDevice,
  dropSession,
  json,
  TEST_MQTT_URL,
  telemetry,
} from '../../../test/mqtt-devices';
import { startTcpProxy, type TcpProxy } from '../../../test/tcp-proxy';
import { createTestApp, type TestApp } from '../../../test/test-app';

const MESSAGES = 20;

describe.skipIf(!TEST_MQTT_URL)('while the connection to the broker is down', () => {
  let t: TestApp;
  let proxy: TcpProxy;
  const env = brokerEnv('mosquitto');

  beforeAll(async () => {
    const broker = new URL(TEST_MQTT_URL as string);
    proxy = await startTcpProxy(broker.hostname, Number(broker.port || 1883));
    t = await createTestApp('pglite', {
      ...env,
      MQTT_URL: `mqtt://127.0.0.1:${proxy.port}`,
      SAMPLE_RESOLUTION_SECONDS: 60,
    });
    await t.app.ready();
  });
  afterAll(async () => {
    await t.close();
    await proxy.close();
    await dropSession(TEST_MQTT_URL as string, env.MQTT_CLIENT_ID as string, 5);
  });

  it('receives what devices sent meanwhile once it is back, each message stored once', async () => {
    const { serials } = await addTestBatteries(t.db, 2);
    const stored = async () =>
      (
        await t.db.query<{ samples: number }>(
          'SELECT count(*)::int AS samples FROM battery_sample WHERE serial_number = ANY($1::text[])',
          [serials],
        )
      )[0]?.samples;
    const device = await connectDevice(TEST_MQTT_URL as string);
    const start = Date.now() - 3_600_000;
    const send = (index: number) =>
      device.publishAsync(
        topicFor('battery', serials[index % 2] as string, 'telemetry'),
        json(telemetry(index + 1, new Date(start + index * 60_000))),
        { qos: 1 },
      );
    await send(0);
    await expect.poll(stored, { timeout: 10_000 }).toBe(1);

    await proxy.cut();
    for (let index = 1; index < MESSAGES; index++) await send(index);
    expect(await stored()).toBe(1);

    await proxy.restore();
    await expect.poll(stored, { timeout: 20_000, interval: 200 }).toBe(MESSAGES);
    await device.endAsync();
  }, 40_000);
});
