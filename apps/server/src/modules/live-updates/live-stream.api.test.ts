import { topicFor } from '@cbm/contracts/device-protocol';
import { LIVE_HEARTBEAT_EVENT, LIVE_HEARTBEAT_MS, LIVE_STREAM_MAX_SITES } from '@cbm/contracts/live-stream';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import {
  addTestBatteries,
  addTestMdloadUnit,
  connectDevice,
  json,
  telemetry,
  uniqueId,
} from '../../../test/mqtt-devices';
import { openSse, type SseConnection } from '../../../test/sse-client';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';

describeEachDatabase('live stream', (kind) => {
  let t: TestApp;
  let base: string;
  let device: MqttClient;
  let serials: string[];
  let siteId: number;
  let admin: string;
  let operator: string;
  const streams: SseConnection[] = [];
  const poll = { timeout: 10_000, interval: 25 };
  const open = async (cookie: string, site = siteId) => {
    const stream = await openSse(`${base}/api/v2/live/stream?operatingSiteId=${site}`, { cookie });
    streams.push(stream);
    return stream;
  };
  const ofEvent = (stream: SseConnection, event: string) =>
    stream.events.filter((entry) => entry.event === event).map((entry) => entry.data as Record<string, unknown>);

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    ({ serials, siteId } = await addTestBatteries(t.db, 2));
    device = await connectDevice(t.app);
    admin = await t.signIn('admin@cbm.demo');
    operator = await t.signIn('operator@cbm.demo');
  });
  afterEach(() => {
    for (const stream of streams.splice(0)) stream.close();
  });
  afterAll(async () => {
    await device.endAsync();
    await t.close();
  });

  it('sends a heartbeat event every few seconds, so a reader tells a quiet stream from a lost one', async () => {
    const stream = await open(operator);
    await expect.poll(() => ofEvent(stream, 'ready').length, poll).toBe(1);
    const since = Date.now();
    await expect
      .poll(() => ofEvent(stream, LIVE_HEARTBEAT_EVENT).length, {
        timeout: 2 * LIVE_HEARTBEAT_MS + 1_000,
        interval: 50,
      })
      .toBeGreaterThanOrEqual(2);
    expect(Date.now() - since).toBeLessThan(2 * LIVE_HEARTBEAT_MS + 1_000);
  });

  it('pushes a battery’s new state within moments of ingestion, coalesced per battery', async () => {
    const stream = await open(admin);
    await expect.poll(() => ofEvent(stream, 'ready').length, poll).toBe(1);
    const serial = serials[0] as string;
    const start = Date.now() - 60_000;
    await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        device.publishAsync(
          topicFor('battery', serial, 'telemetry'),
          json(telemetry(n, new Date(start + n * 1000), { soc: 60 + n, state: 'charging' })),
          { qos: 1 },
        ),
      ),
    );
    await expect
      .poll(() => ofEvent(stream, 'battery').at(-1), poll)
      .toMatchObject({ batterySerialNumber: serial, soc: 69, status: 'charging', online: true });
    expect(ofEvent(stream, 'battery').length).toBeLessThan(10);
  });

  it('with changes=health leaves out the readings that do not change what the overview counts', async () => {
    const every = await open(admin);
    const health = await openSse(`${base}/api/v2/live/stream?operatingSiteId=${siteId}&changes=health`, {
      cookie: admin,
    });
    streams.push(health);
    await expect.poll(() => ofEvent(every, 'ready').length + ofEvent(health, 'ready').length, poll).toBe(2);
    const serial = serials[1] as string;
    const socs = (stream: SseConnection) =>
      ofEvent(stream, 'battery')
        .filter((data) => data.batterySerialNumber === serial)
        .map((data) => data.soc);
    for (const [n, soc] of [60, 58, 10, 9].entries()) {
      const reading = telemetry(300 + n, new Date(Date.now() - 10_000 + n * 1000), { soc, state: 'charging' });
      await device.publishAsync(topicFor('battery', serial, 'telemetry'), json(reading), { qos: 1 });
      await expect.poll(() => socs(every).at(-1), poll).toBe(soc);
    }
    expect(socs(every)).toEqual([60, 58, 10, 9]);
    expect(socs(health)).toEqual([60, 10]);
    const bogus = await t.request({ url: `/api/v2/live/stream?operatingSiteId=${siteId}&changes=some`, cookie: admin });
    expect(bogus.statusCode).toBe(400);
  });

  it('with batterySerialNumber carries only that battery’s changes, alerts and alarms still', async () => {
    const [mine, other] = serials as [string, string];
    const narrowed = await openSse(`${base}/api/v2/live/stream?operatingSiteId=${siteId}&batterySerialNumber=${mine}`, {
      cookie: admin,
    });
    streams.push(narrowed);
    await expect.poll(() => ofEvent(narrowed, 'ready').length, poll).toBe(1);
    const now = Date.now();
    await device.publishAsync(topicFor('battery', other, 'telemetry'), json(telemetry(500, new Date(now - 2000))), {
      qos: 1,
    });
    await device.publishAsync(topicFor('battery', mine, 'telemetry'), json(telemetry(501, new Date(now - 1000))), {
      qos: 1,
    });
    t.app.devices.live.publishAlarms([{ operatingSiteId: siteId, product: 'battery', state: 'open', alarmIds: [9] }]);
    await expect.poll(() => ofEvent(narrowed, 'alarm').length, poll).toBe(1);
    await expect.poll(() => ofEvent(narrowed, 'battery').length, poll).toBe(1);
    expect(ofEvent(narrowed, 'battery')[0]).toMatchObject({ batterySerialNumber: mine });
    const empty = await t.request({
      url: `/api/v2/live/stream?operatingSiteId=${siteId}&batterySerialNumber=`,
      cookie: admin,
    });
    expect(empty.statusCode).toBe(400);
  });

  it('sends charger-station twins only to users with the charger-station live view', async () => {
    const unit = await addTestMdloadUnit(t.db, siteId);
    const forAdmin = await open(admin);
    const forOperator = await open(operator);
    await expect.poll(() => ofEvent(forAdmin, 'ready').length + ofEvent(forOperator, 'ready').length, poll).toBe(2);
    expect(ofEvent(forOperator, 'ready')[0]).toMatchObject({ batteries: true, mdloads: false });
    await device.publishAsync(
      topicFor('mdload', unit.serial, 'telemetry'),
      json({ seq: 1, ts: new Date().toISOString(), powerKw: 3, totalEnergyKwh: 10, stations: [] }),
      { qos: 1 },
    );
    await device.publishAsync(topicFor('battery', serials[1] as string, 'telemetry'), json(telemetry(1, new Date())), {
      qos: 1,
    });
    await expect
      .poll(() => ofEvent(forAdmin, 'mdload'), poll)
      .toEqual([expect.objectContaining({ mdLoadSerial: unit.serial, status: 'idle', powerKw: 3 })]);
    await expect.poll(() => ofEvent(forOperator, 'battery').length, poll).toBe(1);
    expect(ofEvent(forOperator, 'mdload')).toEqual([]);
  });

  it('is authorised per site', async () => {
    const url = (site: number | string) => `/api/v2/live/stream?operatingSiteId=${site}`;
    expect((await t.request({ url: url(siteId) })).statusCode).toBe(401);
    const visible = (
      await t.request({ url: '/api/v2/OperatingSites/access?featureName=cbm_liveview', cookie: operator })
    ).json();
    const [hidden] = await t.db.query<{ id: number }>(
      'SELECT id FROM operating_site WHERE NOT (id = ANY($1::int[])) LIMIT 1',
      [visible],
    );
    const refused = await t.request({ url: url(hidden?.id as number), cookie: operator });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'auth.forbidden' });
    expect((await t.request({ url: url(999_999), cookie: admin })).json()).toMatchObject({ code: 'sites.notFound' });
    expect((await t.request({ url: url('x'), cookie: admin })).statusCode).toBe(400);
    const blocked = await t.request({ url: url(siteId), cookie: await t.signIn('blocked@cbm.demo') });
    expect(blocked.statusCode).toBe(403);
  });

  it('follows several sites in one stream, each event naming its site', async () => {
    const [other] = await t.db.query<{ id: number }>(
      'SELECT id FROM operating_site WHERE id <> $1 ORDER BY id LIMIT 1',
      [siteId],
    );
    const otherId = other?.id as number;
    const elsewhere = uniqueId('T');
    await t.db.query(
      `INSERT INTO battery (serial_number, operating_site_id, name, battery_type, product)
       VALUES ($1, $2, $1, 'LFP 48V', 'Test battery')`,
      [elsewhere, otherId],
    );
    const stream = await openSse(`${base}/api/v2/live/stream?operatingSiteId=${siteId}&operatingSiteId=${otherId}`, {
      cookie: admin,
    });
    streams.push(stream);
    await expect
      .poll(() => ofEvent(stream, 'ready'), poll)
      .toEqual([
        {
          operatingSiteId: siteId,
          batteries: true,
          mdloads: true,
          alerts: true,
          sites: [
            { operatingSiteId: siteId, batteries: true, mdloads: true, alerts: true },
            { operatingSiteId: otherId, batteries: true, mdloads: true, alerts: true },
          ],
        },
      ]);
    for (const [n, serial] of [serials[0] as string, elsewhere].entries()) {
      await device.publishAsync(topicFor('battery', serial, 'telemetry'), json(telemetry(100 + n, new Date())), {
        qos: 1,
      });
    }
    t.app.devices.live.publishAlerts(otherId, [
      { alertId: 1, product: 'battery', alertName: 'A', serialNumber: elsewhere } as never,
    ]);
    t.app.devices.live.publishAlarms([{ operatingSiteId: otherId, product: 'battery', state: 'open', alarmIds: [7] }]);
    await expect
      .poll(() => ofEvent(stream, 'battery').map((data) => [data.batterySerialNumber, data.operatingSiteId]), poll)
      .toEqual(
        expect.arrayContaining([
          [serials[0], siteId],
          [elsewhere, otherId],
        ]),
      );
    await expect
      .poll(() => ofEvent(stream, 'alert'), poll)
      .toEqual([expect.objectContaining({ operatingSiteId: otherId })]);
    expect(ofEvent(stream, 'alarm')).toEqual([expect.objectContaining({ operatingSiteId: otherId, alarmIds: [7] })]);

    const commaSeparated = await openSse(
      `${base}/api/v2/live/stream?operatingSiteId=${otherId},${siteId}&events=alarm`,
      {
        cookie: admin,
      },
    );
    streams.push(commaSeparated);
    await expect
      .poll(() => ofEvent(commaSeparated, 'ready')[0]?.sites, poll)
      .toEqual([
        expect.objectContaining({ operatingSiteId: otherId }),
        expect.objectContaining({ operatingSiteId: siteId }),
      ]);
  });

  it('refuses several sites when any of them is not the user’s, naming none of another tenant’s', async () => {
    const url = (...sites: number[]) =>
      `/api/v2/live/stream?${sites.map((site) => `operatingSiteId=${site}`).join('&')}`;
    const visible: number[] = (
      await t.request({ url: '/api/v2/OperatingSites/access?featureName=cbm_liveview', cookie: operator })
    ).json();
    const [hidden] = await t.db.query<{ id: number }>(
      'SELECT id FROM operating_site WHERE NOT (id = ANY($1::int[])) LIMIT 1',
      [visible],
    );
    const refused = await t.request({ url: url(siteId, hidden?.id as number), cookie: operator });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'auth.forbidden' });
    expect(JSON.stringify(refused.json())).not.toContain(String(hidden?.id));
    const unknown = await t.request({ url: url(siteId, hidden?.id as number, 999_999), cookie: operator });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'sites.notFound' });
    const tooMany = Array.from({ length: LIVE_STREAM_MAX_SITES + 1 }, (_, n) => n + 1).join(',');
    expect((await t.request({ url: `/api/v2/live/stream?operatingSiteId=${tooMany}`, cookie: admin })).statusCode).toBe(
      400,
    );
  });
});
