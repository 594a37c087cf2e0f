import type { Alarm } from '@cbm/contracts/alarms';
import { topicFor } from '@cbm/contracts/device-protocol';
import { SITE_PERMISSIONS } from '@cbm/contracts/site-permissions';
import { DEMO_PASSWORD } from '@cbm/demo-fixtures/demo-users';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeDeviceTestBed, deviceTestBed } from '../../../test/device-test-bed';
import { deviceEvent, json, telemetry } from '../../../test/mqtt-devices';
import { describeEachDatabase, type TestApp } from '../../../test/test-app';
import { hashPassword } from '../identity/passwords';
import { userRepository } from '../users/user-repository';

const poll = { timeout: 20_000, interval: 100 };
const MINUTE = 60_000;

describeEachDatabase('alarms', (kind) => {
  let t: TestApp;
  let admin: string;
  let device: MqttClient;
  let serials: string[];
  let siteId: number;
  let seq = 0;

  const publish = (serial: string, type: 'telemetry' | 'event', payload: object) =>
    device.publishAsync(topicFor('battery', serial, type), json(payload), { qos: 1 });
  const sendSoc = (serial: string, soc: number, ts: Date) =>
    publish(serial, 'telemetry', telemetry(++seq, ts, { soc }));
  const alarms = async (state: 'active' | 'all' = 'all', cookie = admin): Promise<Alarm[]> =>
    (await t.request({ url: `/api/v2/Alarm?operatingSiteId=${siteId}&state=${state}`, cookie })).json();
  const alarmsOf = async (serial: string, state: 'active' | 'all' = 'all') =>
    (await alarms(state)).filter((alarm) => alarm.serialNumber === serial);
  const outbox = async (ruleId: number) =>
    (await t.db.query('SELECT 1 FROM alert_delivery WHERE alert_id = $1', [ruleId])).length;
  const createRule = async (condition: object, values: object = {}) => {
    const response = await t.request({
      method: 'POST',
      url: '/api/v2/ThresholdRule',
      cookie: admin,
      payload: { operatingSiteId: siteId, name: 'Low SoC', emails: ['ops@example.com'], condition, ...values },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as number;
  };

  beforeAll(async () => {
    ({ t, admin, serials, siteId, device } = await deviceTestBed(
      kind,
      { ALARM_SILENCE_CHECK_SECONDS: 0.5, SAMPLE_RESOLUTION_SECONDS: 0 },
      3,
    ));
  }, 900_000);
  afterAll(() => closeDeviceTestBed({ device, t }));

  it('refuses impossible thresholds with a message a person can act on', async () => {
    const refused = async (condition: object) => {
      const response = await t.request({
        method: 'POST',
        url: '/api/v2/ThresholdRule',
        cookie: admin,
        payload: { operatingSiteId: siteId, name: 'x', emails: ['ops@example.com'], condition },
      });
      expect(response.statusCode).toBe(400);
      return response.body;
    };
    expect(await refused({ metric: 'socBelow', threshold: 0 })).toContain('This line can never be crossed');
    expect(await refused({ metric: 'socBelow', threshold: 90, hysteresis: 20 })).toContain('could never clear');
    expect(await refused({ metric: 'stackVoltageOutside', min: 58, max: 44 })).toContain(
      'The upper limit must be above the lower limit',
    );
    expect(await refused({ metric: 'noData', minutes: 0 })).toContain('Value must be above 1');
    const stations = await t.signIn('stations@cbm.demo');
    expect((await t.request({ url: '/api/v2/Alarm', cookie: stations })).statusCode).toBe(403);
  });

  it('a "SoC below 20 %" rule fires once for a battery that crosses it, mails once while it hovers, clears past the hysteresis', async () => {
    const serial = serials[0] as string;
    const ruleId = await createRule({ metric: 'socBelow', threshold: 20, hysteresis: 5 }, { batterySerials: [serial] });
    const start = Date.now() - 10 * MINUTE;
    const socs = [30, 19.5, 20.5, 19, 21, 19.8];
    for (const [i, soc] of socs.entries()) await sendSoc(serial, soc, new Date(start + i * 15_000));
    await expect.poll(async () => (await alarmsOf(serial)).length, poll).toBe(1);
    await expect.poll(() => outbox(ruleId), poll).toBe(1);
    const [alarm] = await alarmsOf(serial);
    expect(alarm).toMatchObject({ kind: 'threshold', code: 'socBelow', state: 'open', value: 19.5 });
    expect(alarm?.description).toBe('SoC 19.5 % below 20 %');
    // The rule was made in English; a German reader gets the alarm's text in German.
    const german = await t.request({
      url: `/api/v2/Alarm?operatingSiteId=${siteId}&state=all`,
      cookie: admin,
      headers: { 'accept-language': 'de' },
    });
    const inGerman = (german.json() as Alarm[]).find((a) => a.serialNumber === serial);
    expect(inGerman?.description).toBe('SoC 19,5 % unter 20 %');

    await sendSoc(serial, 26, new Date(start + 10 * 15_000));
    await expect.poll(async () => (await alarmsOf(serial))[0]?.state, poll).toBe('cleared');
    expect(await alarmsOf(serial, 'active')).toEqual([]);
    expect(await outbox(ruleId)).toBe(1);
  });

  it('an event rule opens an alarm; acknowledging keeps who, when and the comment (audited); clearing closes it', async () => {
    const serial = serials[1] as string;
    const created = await t.request({
      method: 'POST',
      url: '/api/v2/Alert',
      cookie: admin,
      payload: {
        operatingSiteId: siteId,
        name: 'Errors',
        alertOnError: true,
        batterySerials: [serial],
        emails: ['ops@example.com'],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const error = { type: 'error', code: 'E101', description: 'Cell over-temperature' } as const;
    await publish(serial, 'event', deviceEvent(++seq, new Date(), { ...error, active: true }));
    await expect.poll(async () => (await alarmsOf(serial, 'active')).length, poll).toBe(1);
    const [open] = await alarmsOf(serial, 'active');
    expect(open).toMatchObject({ kind: 'event', code: 'E101', state: 'open', ruleName: 'Errors' });

    const acked = await t.request({
      method: 'POST',
      url: `/api/v2/Alarm/${open?.id}/acknowledge`,
      cookie: admin,
      payload: { comment: 'Technician on the way' },
    });
    expect(acked.statusCode, acked.body).toBe(200);
    expect(acked.json()).toMatchObject({
      state: 'acknowledged',
      acknowledgedBy: 'admin@cbm.demo',
      comment: 'Technician on the way',
    });
    expect(Date.now() - Date.parse(acked.json().acknowledgedAt)).toBeLessThan(MINUTE);
    const audit = await t.db.query(
      "SELECT actor FROM audit_entry WHERE action = 'alarm.acknowledged' AND entity_id = $1",
      [String(open?.id)],
    );
    expect(audit).toEqual([{ actor: 'admin@cbm.demo' }]);
    const unknown = await t.request({
      method: 'POST',
      url: '/api/v2/Alarm/999999/acknowledge',
      cookie: admin,
      payload: {},
    });
    expect(unknown.statusCode).toBe(404);

    await publish(serial, 'event', deviceEvent(++seq, new Date(), { ...error, active: false }));
    await expect.poll(async () => (await alarmsOf(serial))[0]?.state, poll).toBe('cleared');
    expect((await alarmsOf(serial))[0]?.acknowledgedBy).toBe('admin@cbm.demo');
  });

  it('a charger-station power rule fires when a unit’s power crosses its line and clears past the hysteresis', async () => {
    const [unit] = await t.db.query<{ serial: string; site: number }>(
      'SELECT mdload_serial AS serial, operating_site_id AS site FROM mdload_unit ORDER BY id LIMIT 1',
    );
    const { serial, site } = unit as { serial: string; site: number };
    const body = {
      operatingSiteId: site,
      name: 'Peak power',
      batterySerials: [serial],
      emails: ['ops@example.com'],
      condition: { metric: 'stationPowerAbove', threshold: 100, hysteresis: 10 },
    };
    const post = (payload: object) =>
      t.request({ method: 'POST', url: '/api/v2/mdload/MdloadThresholdRule', cookie: admin, payload });
    const rule = await post(body);
    expect(rule.statusCode, rule.body).toBe(201);
    // A battery's condition is not a unit's.
    const wrong = await post({ ...body, condition: { metric: 'socBelow', threshold: 20 } });
    expect(wrong.statusCode).toBe(400);
    const power = (powerKw: number, ts: Date) =>
      device.publishAsync(
        topicFor('mdload', serial, 'telemetry'),
        json({ seq: ++seq, ts: ts.toISOString(), powerKw, totalEnergyKwh: 1000 + seq, stations: [] }),
        { qos: 1 },
      );
    const unitAlarms = async () =>
      (
        (await t.request({ url: `/api/v2/Alarm?operatingSiteId=${site}&state=all`, cookie: admin })).json() as Alarm[]
      ).filter((alarm) => alarm.serialNumber === serial);
    const start = Date.now() - 5 * MINUTE;
    await power(120, new Date(start));
    await expect.poll(async () => (await unitAlarms())[0]?.state, poll).toBe('open');
    expect((await unitAlarms())[0]).toMatchObject({ product: 'mdload', code: 'stationPowerAbove', value: 120 });
    // cbm_mdlalert alone does not show a unit's alarms: the mdload Alert permission does, granted on the site
    // or above it.
    const users = userRepository(t.db);
    const email = `mdload-alarms-${kind}@cbm.test`;
    const userId = await users.create({
      email,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      firstName: 'M',
      lastName: 'A',
    });
    await users.grantFeatures(userId, ['cbm_mdlalert']);
    await users.grantSite(userId, site);
    const operator = await t.signIn(email);
    const seenBy = async (cookie: string) =>
      ((await t.request({ url: `/api/v2/Alarm?operatingSiteId=${site}&state=all`, cookie })).json() as Alarm[]).filter(
        (alarm) => alarm.serialNumber === serial,
      );
    expect(await seenBy(operator)).toEqual([]);
    const [parent] = await t.db.query<{ id: number }>('SELECT parent_id AS id FROM site_node WHERE id = $1', [site]);
    await users.grantPermissions(userId, parent?.id as number, [SITE_PERMISSIONS.mdloadAlert]);
    // Granted behind the product's back: do what the People page does after a change of access.
    t.app.forgetUserSessions(userId);
    expect(await seenBy(operator)).toMatchObject([{ product: 'mdload', serialNumber: serial }]);
    await power(95, new Date(start + 15_000));
    await power(85, new Date(start + 30_000));
    await expect.poll(async () => (await unitAlarms())[0]?.state, poll).toBe('cleared');
    expect(await unitAlarms()).toHaveLength(1);
  });

  it('a silence rule fires for a battery that stops reporting, and its data closes the alarm', async () => {
    const serial = serials[2] as string;
    await sendSoc(serial, 60, new Date(Date.now() - 3 * MINUTE));
    const ruleId = await createRule(
      { metric: 'noData', minutes: 2 },
      { name: 'Quiet', batterySerials: [serial], mailRecovery: true },
    );
    await expect.poll(async () => (await alarmsOf(serial, 'active'))[0]?.kind, poll).toBe('silence');
    await expect.poll(() => outbox(ruleId), poll).toBe(1);
    await sendSoc(serial, 60, new Date());
    await expect.poll(async () => (await alarmsOf(serial))[0]?.state, poll).toBe('cleared');
    // The rule asks for recovery mails: one more, telling the recovery.
    await expect.poll(() => outbox(ruleId), poll).toBe(2);
    const [recovery] = await t.db.query<{ payload: { type: string; description: string } }>(
      'SELECT payload FROM alert_delivery WHERE alert_id = $1 ORDER BY id DESC LIMIT 1',
      [ruleId],
    );
    expect(recovery?.payload).toMatchObject({
      type: 'recovered',
      description: 'Cleared: data again after no data for 2 minutes',
    });
  });
});
