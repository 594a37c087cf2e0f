import type { Alarm } from '@cbm/contracts/alarms';
import { topicFor } from '@cbm/contracts/device-protocol';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeDeviceTestBed, deviceTestBed } from '../../../test/device-test-bed';
import { json, telemetry } from '../../../test/mqtt-devices';
import { describeEachDatabase, type TestApp } from '../../../test/test-app';

const poll = { timeout: 20_000, interval: 100 };
// Under "SoC below 20 %" with hysteresis 2 these open and clear four alarms, one after the other (issue 45).
const SOCS = [25, 19, 18, 23, 24, 19, 21, 22.5, 25, 18, 17, 22, 19, 19.5, 23, 22, 24, 25];

describeEachDatabase('alarms from a burst', (kind) => {
  let t: TestApp;
  let admin: string;
  let device: MqttClient;
  let serials: string[];
  let siteId: number;

  const send = (serial: string, n: number, start: number) =>
    device.publishAsync(
      topicFor('battery', serial, 'telemetry'),
      json(telemetry(n + 1, new Date(start + n * 15_000), { soc: SOCS[n] })),
      { qos: 1 },
    );
  const alarmsOf = async (serial: string) =>
    ((await t.request({ url: `/api/v2/Alarm?operatingSiteId=${siteId}&state=all`, cookie: admin })).json() as Alarm[])
      .filter((alarm) => alarm.serialNumber === serial)
      .map((alarm) => [alarm.state, alarm.value, alarm.openedAt, alarm.clearedAt])
      .sort();
  const mailsOf = async (ruleId: number, serial: string) =>
    (
      await t.db.query<{ type: string; description: string; ts: string }>(
        `SELECT payload->>'type' AS type, payload->>'description' AS description, payload->>'ts' AS ts
           FROM alert_delivery WHERE alert_id = $1 AND payload->>'serialNumber' = $2 ORDER BY payload->>'ts'`,
        [ruleId, serial],
      )
    ).map((mail) => [mail.type, mail.description]);

  beforeAll(async () => {
    ({ t, admin, serials, siteId, device } = await deviceTestBed(
      kind,
      { SAMPLE_RESOLUTION_SECONDS: 0, ALERT_MAILS_PER_WINDOW: 100, INGEST_LINGER_MS: 200 },
      2,
    ));
  }, 900_000);
  afterAll(() => closeDeviceTestBed({ device, t }));

  it('a backlog sent in one burst opens, clears and mails the same alarms as the same samples sent one by one', async () => {
    const [paced, burst] = serials as [string, string];
    const created = await t.request({
      method: 'POST',
      url: '/api/v2/ThresholdRule',
      cookie: admin,
      payload: {
        operatingSiteId: siteId,
        name: 'Low SoC',
        emails: ['ops@example.com'],
        mailRecovery: true,
        batterySerials: [paced, burst],
        condition: { metric: 'socBelow', threshold: 20, hysteresis: 2 },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const ruleId = created.json().id as number;
    const start = Date.now() - 10 * 60_000;
    for (const n of SOCS.keys()) await send(paced, n, start);
    await Promise.all([...SOCS.keys()].map((n) => send(burst, n, start)));

    await expect.poll(async () => (await alarmsOf(paced)).length, poll).toBe(4);
    const pacedAlarms = await alarmsOf(paced);
    expect(pacedAlarms.every(([state]) => state === 'cleared')).toBe(true);
    expect(await alarmsOf(burst)).toEqual(pacedAlarms);

    const pacedMails = await mailsOf(ruleId, paced);
    expect(pacedMails.map(([type]) => type)).toEqual(Array(4).fill(['threshold', 'recovered']).flat());
    expect(await mailsOf(ruleId, burst)).toEqual(pacedMails);
    expect(pacedMails[1]).toEqual(['recovered', 'Cleared: SoC 23 % back above 20 %']);
  });
});
