import { topicFor } from '@cbm/contracts/device-protocol';
import { liveViewResponseSchema } from '@cbm/contracts/live-view';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectDevice, json, telemetry } from '../../../test/mqtt-devices';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';

/** The live view's charger follows the `chargerSerial` of the newest telemetry (decision 022). */
describeEachDatabase('the charger in the battery live view', (kind) => {
  let t: TestApp;
  let admin: string;
  let device: MqttClient;
  let battery: { serial_number: string; operating_site_id: number; assigned: string };
  let other: { serial_number: string; name: string };
  let seq = 0;

  const chargerName = async () => {
    const response = await t.request({
      url: `/api/v2/battery/BatteryLiveView?operatingSiteId=${battery.operating_site_id}&search=${battery.serial_number}`,
      cookie: admin,
    });
    expect(response.statusCode).toBe(200);
    const [row] = liveViewResponseSchema.parse(response.json()).batteries;
    return row?.chargerName;
  };
  // The embedded broker acknowledges after the commit: resolved means stored.
  const plugInto = (chargerSerial: string | null) => {
    seq++;
    const ts = new Date(Date.now() - 60_000 + seq * 1000);
    return device.publishAsync(
      topicFor('battery', battery.serial_number, 'telemetry'),
      json(telemetry(seq, ts, { state: 'charging', chargerSerial })),
      { qos: 1 },
    );
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.ready();
    admin = await t.signIn('admin@cbm.demo');
    [battery] = (await t.db.query<typeof battery>(
      `SELECT b.serial_number, b.operating_site_id, c.name AS assigned
         FROM battery b JOIN charger c ON c.id = b.charger_id
        WHERE b.telemetry_state IS NULL ORDER BY b.serial_number LIMIT 1`,
    )) as [typeof battery];
    [other] = (await t.db.query<typeof other>(
      'SELECT serial_number, name FROM charger WHERE name <> $1 ORDER BY serial_number LIMIT 1',
      [battery.assigned],
    )) as [typeof other];
    device = await connectDevice(t.app);
  });
  afterAll(async () => {
    await device.endAsync();
    await t.close();
  });

  it('shows the assigned charger until telemetry names one, then a registered charger by name', async () => {
    expect(await chargerName()).toBe(battery.assigned);
    await plugInto(other.serial_number);
    expect(await chargerName()).toBe(other.name);
  });

  it('shows a charger CBM does not know by its serial, and none when the battery is unplugged', async () => {
    await plugInto('XYZ');
    expect(await chargerName()).toBe('XYZ');
    await plugInto(null);
    expect(await chargerName()).toBeNull();
  });
});
