import { topicFor } from '@cbm/contracts/device-protocol';
import type { LiveAlarmChange } from '@cbm/contracts/live-stream';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { addTestBatteries, connectDevice, deviceEvent, json, telemetry } from '../../../test/mqtt-devices';
import { openSse, type SseConnection } from '../../../test/sse-client';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';

const poll = { timeout: 20_000, interval: 50 };

describeEachDatabase('alarm changes on the live stream', (kind) => {
  let t: TestApp;
  let base: string;
  let device: MqttClient;
  let serial: string;
  let siteId: number;
  const cookies: Record<'admin' | 'operator' | 'stations', string> = { admin: '', operator: '', stations: '' };
  const streams: SseConnection[] = [];
  let seq = 0;

  /** The streams of the site for the admin (every alarm), the operator (battery ones) and stations (none). */
  const openAll = async () => {
    const open = async (cookie: string) => {
      const stream = await openSse(`${base}/api/v2/live/stream?operatingSiteId=${siteId}`, { cookie });
      streams.push(stream);
      return stream;
    };
    const opened = {
      admin: await open(cookies.admin),
      operator: await open(cookies.operator),
      stations: await open(cookies.stations),
    };
    const ready = () => Object.values(opened).filter((stream) => stream.events.some((e) => e.event === 'ready'));
    await expect.poll(() => ready().length, poll).toBe(3);
    return opened;
  };
  const alarmEvents = (stream: SseConnection) =>
    stream.events.filter((entry) => entry.event === 'alarm').map((entry) => entry.data as LiveAlarmChange);
  const publishEvent = (active: boolean) =>
    device.publishAsync(
      topicFor('battery', serial, 'event'),
      json(deviceEvent(++seq, new Date(), { type: 'error', code: 'E101', active })),
      { qos: 1 },
    );

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    ({
      serials: [serial = ''],
      siteId,
    } = await addTestBatteries(t.db, 1));
    device = await connectDevice(t.app);
    cookies.admin = await t.signIn('admin@cbm.demo');
    cookies.operator = await t.signIn('operator@cbm.demo');
    cookies.stations = await t.signIn('stations@cbm.demo');
  }, 900_000);
  afterEach(() => {
    for (const stream of streams.splice(0)) stream.close();
  });
  afterAll(async () => {
    await device?.endAsync();
    await t?.close();
  });

  it('tells the watchers who may see battery alarms when one opens, is acknowledged and clears', async () => {
    const { admin, operator, stations } = await openAll();
    const rule = await t.request({
      method: 'POST',
      url: '/api/v2/Alert',
      cookie: cookies.admin,
      payload: {
        operatingSiteId: siteId,
        name: 'Errors',
        alertOnError: true,
        batterySerials: [serial],
        emails: ['ops@example.com'],
      },
    });
    expect(rule.statusCode, rule.body).toBe(201);

    await publishEvent(true);
    await expect
      .poll(() => alarmEvents(operator), poll)
      .toEqual([{ operatingSiteId: siteId, product: 'battery', state: 'open', alarmIds: [expect.any(Number)] }]);
    const alarmId = alarmEvents(operator)[0]?.alarmIds[0];
    const acknowledged = await t.request({
      method: 'POST',
      url: `/api/v2/Alarm/${alarmId}/acknowledge`,
      cookie: cookies.admin,
      payload: {},
    });
    expect(acknowledged.statusCode, acknowledged.body).toBe(200);
    await publishEvent(false);

    const expected = ['open', 'acknowledged', 'cleared'].map((state) => ({
      operatingSiteId: siteId,
      product: 'battery',
      state,
      alarmIds: [alarmId],
    }));
    await expect.poll(() => alarmEvents(operator), poll).toEqual(expected);
    await expect.poll(() => alarmEvents(admin), poll).toEqual(expected);
    expect(alarmEvents(stations)).toEqual([]);
  });

  it('tells them when a threshold alarm opens, and when deleting its rule clears it', async () => {
    const { operator } = await openAll();
    const rule = await t.request({
      method: 'POST',
      url: '/api/v2/ThresholdRule',
      cookie: cookies.admin,
      payload: {
        operatingSiteId: siteId,
        name: 'Low SoC',
        emails: ['ops@example.com'],
        batterySerials: [serial],
        condition: { metric: 'socBelow', threshold: 20 },
      },
    });
    expect(rule.statusCode, rule.body).toBe(201);
    await device.publishAsync(
      topicFor('battery', serial, 'telemetry'),
      json(telemetry(++seq, new Date(), { soc: 12 })),
      {
        qos: 1,
      },
    );
    await expect.poll(() => alarmEvents(operator).map((change) => change.state), poll).toEqual(['open']);
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/v2/ThresholdRule/${rule.json().id}?operatingSiteId=${siteId}`,
      cookie: cookies.admin,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    await expect.poll(() => alarmEvents(operator).map((change) => change.state), poll).toEqual(['open', 'cleared']);
    const [opened, cleared] = alarmEvents(operator);
    expect(cleared?.alarmIds).toEqual(opened?.alarmIds);
  });

  it('sends charger-station alarms only to who holds the charger-station alerts, and only to the site’s watchers', async () => {
    const { admin, operator, stations } = await openAll();
    const mdload: LiveAlarmChange = { operatingSiteId: siteId, product: 'mdload', state: 'open', alarmIds: [91] };
    const elsewhere: LiveAlarmChange = { ...mdload, operatingSiteId: siteId + 1, product: 'battery', alarmIds: [92] };
    const battery: LiveAlarmChange = { ...mdload, product: 'battery', alarmIds: [93] };
    t.app.devices.live.publishAlarms([mdload, elsewhere, battery]);

    await expect.poll(() => alarmEvents(admin), poll).toEqual([mdload, battery]);
    await expect.poll(() => alarmEvents(operator), poll).toEqual([battery]);
    expect(alarmEvents(stations)).toEqual([]);
  });

  it('carries only the events asked for', async () => {
    const url = `${base}/api/v2/live/stream?operatingSiteId=${siteId}`;
    const onlyAlarms = await openSse(`${url}&events=alarm`, { cookie: cookies.admin });
    streams.push(onlyAlarms);
    await expect.poll(() => onlyAlarms.events.map((entry) => entry.event), poll).toEqual(['ready']);
    const change: LiveAlarmChange = { operatingSiteId: siteId, product: 'battery', state: 'cleared', alarmIds: [94] };
    t.app.devices.live.publishAlerts(siteId, [
      {
        alertId: 1,
        product: 'battery',
        alertName: 'Errors',
        serialNumber: serial,
        deviceName: serial,
        type: 'error',
        code: 'E101',
        description: 'Cell over-temperature',
        ts: new Date().toISOString(),
      },
    ]);
    t.app.devices.live.publishAlarms([change]);
    await expect.poll(() => alarmEvents(onlyAlarms), poll).toEqual([change]);
    expect(onlyAlarms.events.map((entry) => entry.event)).toEqual(['ready', 'alarm']);

    const refused = await t.request({
      url: `/api/v2/live/stream?operatingSiteId=${siteId}&events=x`,
      cookie: cookies.admin,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'request.invalid' });
  });
});
