import { topicFor } from '@cbm/contracts/device-protocol';
import {
  attentionResponseSchema,
  figureBatteriesResponseSchema,
  fleetHealthResponseSchema,
  healthFigures,
  healthState,
} from '@cbm/contracts/fleet-health';
import { liveViewResponseSchema } from '@cbm/contracts/live-view';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeDeviceTestBed, deviceTestBed } from '../../../test/device-test-bed';
import { deviceEvent, json, telemetry } from '../../../test/mqtt-devices';
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

  it('a battery in error that says goodbye or goes quiet counts offline, its error kept as the last known one', async () => {
    const [quiet, goodbye] = serials as [string, string];
    const contactor = deviceEvent(7, new Date(), { type: 'error', code: 'E310', description: 'Contactor welded' });
    await device.publishAsync(topicFor('battery', goodbye, 'event'), json(contactor), { qos: 1 });
    await expect.poll(() => statusOf(goodbye), poll).toBe('error');
    await device.publishAsync(topicFor('battery', goodbye, 'status'), json({ online: false }), { qos: 1 });
    await expect.poll(() => statusOf(goodbye), poll).toBe('offline');
    await t.db.query(
      `UPDATE battery SET online = true, status = 'error', current_error_code = 'E310', active_error_codes = '{E310}',
              last_data_timestamp = now() - interval '3 hours' WHERE serial_number = $1`,
      [quiet],
    );
    await expect.poll(() => statusOf(quiet), poll).toBe('silent');

    const live = await liveView();
    const ours = live.filter(
      (battery) => battery.batterySerialNumber === quiet || battery.batterySerialNumber === goodbye,
    );
    expect(ours.map((battery) => healthState(battery))).toEqual(['offline', 'offline']);
    expect(ours.map((battery) => battery.currentErrorCode)).toEqual(['E310', 'E310']);
    const { sites } = fleetHealthResponseSchema.parse(await get(`/api/v2/fleet-health?operatingSiteId=${siteId}`));
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC' }).format(new Date());
    const { offline, error } = healthFigures(live, today);
    expect(sites[0]).toMatchObject({ offline, error });
    const errorList = figureBatteriesResponseSchema.parse(
      await get(`/api/v2/fleet-health/batteries?figure=error&operatingSiteId=${siteId}`),
    );
    expect(errorList.batteries.filter((battery) => battery.currentErrorCode === 'E310')).toEqual([]);
    const { batteries } = attentionResponseSchema.parse(
      await get(`/api/v2/fleet-health/attention?operatingSiteId=${siteId}`),
    );
    expect(batteries.find((battery) => battery.batterySerialNumber === quiet)).toMatchObject({
      reasons: ['offline'],
      currentErrorCode: 'E310',
    });
    expect(batteries.find((battery) => battery.batterySerialNumber === goodbye)?.reasons ?? []).not.toContain('error');
  });
});
