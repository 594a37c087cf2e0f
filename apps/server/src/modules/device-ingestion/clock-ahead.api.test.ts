import { topicFor } from '@cbm/contracts/device-protocol';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addTestBatteries, connectDevice, json, telemetry } from '../../../test/mqtt-devices';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { LIVE_AHEAD_TOLERANCE_MS } from '../device-protocol/device-message';

const MINUTE = 60_000;

/** A device clock 9 minutes ahead (accepted: up to 10) must not freeze the live state until that time. */
describeEachDatabase('telemetry from a clock that runs ahead', (kind) => {
  let t: TestApp;
  let device: MqttClient;
  let serial: string;
  const live = async () =>
    (
      await t.db.query<{ soc: number; last_data_ms: number }>(
        `SELECT soc::float8 AS soc, (extract(epoch FROM last_data_timestamp) * 1000)::float8 AS last_data_ms
           FROM battery WHERE serial_number = $1`,
        [serial],
      )
    )[0];
  // The embedded broker acknowledges after the commit: resolved means stored.
  const send = (ts: number, soc: number) =>
    device.publishAsync(topicFor('battery', serial, 'telemetry'), json(telemetry(1, new Date(ts), { soc })), {
      qos: 1,
    });

  beforeAll(async () => {
    t = await createTestApp(kind, { SAMPLE_RESOLUTION_SECONDS: 60 });
    await t.app.ready();
    [serial] = (await addTestBatteries(t.db, 1)).serials as [string];
    device = await connectDevice(t.app);
  });
  afterAll(async () => {
    await device.endAsync();
    await t.close();
  });

  it('orders it at most a moment after its arrival, so later telemetry with a right clock shows', async () => {
    const sentAhead = Date.now();
    await send(sentAhead + 9 * MINUTE, 11);
    const ahead = await live();
    expect(ahead?.soc).toBe(11);
    expect(ahead?.last_data_ms).toBeLessThanOrEqual(Date.now() + LIVE_AHEAD_TOLERANCE_MS);

    // The clock was put right: once the tolerance has passed (the most a clock ahead can hold the live
    // state back, so waiting is the point here), telemetry with the right time is the live state.
    await new Promise((resolve) => setTimeout(resolve, LIVE_AHEAD_TOLERANCE_MS + 100));
    await send(Date.now(), 22);
    expect((await live())?.soc).toBe(22);

    // Still ahead, sent later: newer than the right one.
    await send(Date.now() + 9 * MINUTE, 33);
    expect((await live())?.soc).toBe(33);
  }, 20_000);
});
