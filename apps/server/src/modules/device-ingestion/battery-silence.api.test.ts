import { topicFor } from '@cbm/contracts/device-protocol';
import { attentionResponseSchema, fleetHealthResponseSchema, healthFigures } from '@cbm/contracts/fleet-health';
import { liveViewResponseSchema } from '@cbm/contracts/live-view';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeDeviceTestBed, deviceTestBed } from '../../../test/device-test-bed';
import { json, telemetry } from '../../../test/mqtt-devices';
import { describeEachDatabase, type TestApp } from '../../../test/test-app';

const poll = { timeout: 15_000, interval: 100 };

describeEachDatabase('silent batteries (decision 110)', (kind) => {
  let t: TestApp;
  let admin: string;
  let device: MqttClient;
  let serials: string[];
  let siteId: number;
  const get = async (url: string) => {
    const response = await t.request({ url, cookie: admin });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const liveView = async () =>
    liveViewResponseSchema.parse(await get(`/api/v2/battery/BatteryLiveView?operatingSiteId=${siteId}`)).batteries;
  const statusOf = async (serial: string) =>
    (await liveView()).find((battery) => battery.batterySerialNumber === serial)?.status;

  beforeAll(async () => {
    ({ t, admin, serials, siteId, device } = await deviceTestBed(
      kind,
      { BATTERY_SILENCE_CHECK_SECONDS: 0.5, SAMPLE_RESOLUTION_SECONDS: 0 },
      2,
    ));
  }, 900_000);
  afterAll(() => closeDeviceTestBed({ device, t }));

  it('a battery that disconnected cleanly 33 days ago is silent in the live view, fleet health and needs attention', async () => {
    const [quiet, recent] = serials as [string, string];
    await t.db.query(
      `UPDATE battery SET online = true, status = 'charging', telemetry_state = 'charging', current_error_code = NULL,
              active_error_codes = '{}', connection_changed_at = now() - interval '34 days',
              last_data_timestamp = CASE WHEN serial_number = $1 THEN now() - interval '33 days' ELSE now() END
        WHERE serial_number = ANY($2::text[])`,
      [quiet, serials],
    );
    await expect.poll(() => statusOf(quiet), poll).toBe('silent');
    expect(await statusOf(recent)).toBe('charging');

    const { sites } = fleetHealthResponseSchema.parse(await get(`/api/v2/fleet-health?operatingSiteId=${siteId}`));
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC' }).format(new Date());
    const live = healthFigures(await liveView(), today);
    expect(sites[0]).toMatchObject({ offline: live.offline, charging: live.charging });
    expect(live.offline).toBeGreaterThanOrEqual(1);

    const { batteries } = attentionResponseSchema.parse(
      await get(`/api/v2/fleet-health/attention?operatingSiteId=${siteId}`),
    );
    expect(batteries.find((battery) => battery.batterySerialNumber === quiet)?.reasons).toContain('offline');
    expect(batteries.find((battery) => battery.batterySerialNumber === recent)).toBeUndefined();
  });

  it('data again ends the silence', async () => {
    const quiet = serials[0] as string;
    await device.publishAsync(topicFor('battery', quiet, 'telemetry'), json(telemetry(1, new Date(), { soc: 70 })), {
      qos: 1,
    });
    await expect.poll(() => statusOf(quiet), poll).not.toBe('silent');
  });
});
