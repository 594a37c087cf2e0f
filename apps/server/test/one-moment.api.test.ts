import type { Alarm } from '@cbm/contracts/alarms';
import type { BatteryTimeline } from '@cbm/contracts/battery-history';
import { topicFor } from '@cbm/contracts/device-protocol';
import type { EventPage } from '@cbm/contracts/events';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { renderEventMail } from '../src/modules/alerts/alert-mail';
import type { AlertMailEvent } from '../src/modules/alerts/alert-mail-event';
import { pdfText } from '../src/modules/reports/test/report-test-data';
import { addTestBatteries, connectDevice, deviceEvent, json, telemetry } from './mqtt-devices';
import { createTestApp, describeEachDatabase, type TestApp } from './test-app';

const poll = { timeout: 20_000, interval: 100 };
const MINUTE = 60_000;
/** Two hours ago at 45 seconds past a minute: a moment that shows whether seconds survive everywhere. */
const MOMENT = new Date(Math.floor((Date.now() - 120 * MINUTE) / MINUTE) * MINUTE + 45_000);

/** The business constants' date-time format to the second, as the clocks of `zone` show the moment. */
function clockText(at: Date, zone: string, language: 'en' | 'de') {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  const { year, month, day, hour, minute, second } = parts;
  const time = `${hour}:${minute}:${second}`;
  return language === 'de' ? `${day}.${month}.${year} ${time}` : `${month}-${day}-${year} ${time}`;
}

// Issue 49: one event shows with the same time and zone in the inbox, the events view, the battery page's
// history, the alarm mail and the report PDF (decision 116); the screens' texts are compared in one-clock.spec.ts.
describeEachDatabase('one moment, one time and zone everywhere', (kind) => {
  let t: TestApp;
  let admin: string;
  let device: MqttClient;
  let serial: string;
  let siteId: number;
  let zone: string;
  let ruleId: number;

  beforeAll(async () => {
    t = await createTestApp(kind, { SAMPLE_RESOLUTION_SECONDS: 0 });
    admin = await t.signIn('admin@cbm.demo');
    const added = await addTestBatteries(t.db, 1);
    [serial = ''] = added.serials;
    siteId = added.siteId;
    const [site] = await t.db.query<{ timezone: string }>('SELECT timezone FROM operating_site WHERE id = $1', [
      siteId,
    ]);
    zone = site?.timezone as string;
    await t.app.ready();
    device = await connectDevice(t.app);
    const rule = await t.request({
      method: 'POST',
      url: '/api/v2/Alert',
      cookie: admin,
      payload: {
        operatingSiteId: siteId,
        name: 'Moment',
        alertOnError: true,
        batterySerials: [serial],
        emails: ['m@example.com'],
      },
    });
    expect(rule.statusCode, rule.body).toBe(201);
    ruleId = rule.json().id;
    for (const [n, minutes] of [-50, -20, 20, 50].entries()) {
      const ts = new Date(MOMENT.getTime() + minutes * MINUTE);
      await device.publishAsync(topicFor('battery', serial, 'telemetry'), json(telemetry(n + 1, ts)), { qos: 1 });
    }
    const event = deviceEvent(10, MOMENT, { type: 'error', code: 'E310', description: 'Moment', active: true });
    await device.publishAsync(topicFor('battery', serial, 'event'), json(event), { qos: 1 });
  }, 900_000);
  afterAll(async () => {
    await device?.endAsync();
    await t?.close();
  });

  it('the inbox, the events view and the battery history answer the same instant', async () => {
    const alarmOf = async () => {
      const response = await t.request({ url: `/api/v2/Alarm?operatingSiteId=${siteId}&state=all`, cookie: admin });
      return (response.json() as Alarm[]).find((alarm) => alarm.serialNumber === serial);
    };
    await expect.poll(async () => (await alarmOf())?.openedAt, poll).toBe(MOMENT.toISOString());
    const events = await t.request({
      method: 'POST',
      url: '/api/v2/battery/Events',
      cookie: admin,
      payload: {
        operatingSiteIds: [siteId],
        from: new Date(MOMENT.getTime() - 60 * MINUTE).toISOString(),
        to: new Date(MOMENT.getTime() + 60 * MINUTE).toISOString(),
        batteryEventFilter: {
          columns: ['Timestamp'],
          attributeFilters: [{ name: 'BatterySerialNumber', text: serial }],
        },
      },
    });
    expect((events.json() as EventPage).events.map((row) => row.values.Timestamp)).toEqual([MOMENT.toISOString()]);
    const range = `from=${encodeURIComponent(new Date(MOMENT.getTime() - 60 * MINUTE).toISOString())}&to=${encodeURIComponent(new Date(MOMENT.getTime() + 60 * MINUTE).toISOString())}`;
    const timeline = await t.request({
      url: `/api/v2/battery/History/${serial}/timeline?operatingSiteId=${siteId}&${range}`,
      cookie: admin,
    });
    const body = timeline.json() as BatteryTimeline;
    expect(body.events.map((row) => row.values.Timestamp)).toEqual([MOMENT.toISOString()]);
    expect(body.alarms.map((alarm) => alarm.openedAt)).toEqual([MOMENT.toISOString()]);
  });

  it('the alarm mail writes it to the second and names the zone', async () => {
    const payloads = async () =>
      (
        await t.db.query<{ payload: AlertMailEvent }>(
          "SELECT payload FROM alert_delivery WHERE alert_id = $1 AND kind = 'event'",
          [ruleId],
        )
      ).map((row) => row.payload);
    await expect.poll(async () => (await payloads()).length, poll).toBe(1);
    const [payload] = await payloads();
    const english = renderEventMail(payload as AlertMailEvent, 'en', 'https://cbm.example.com');
    expect(english.text).toContain(`Time: ${clockText(MOMENT, zone, 'en')} (${zone})`);
    expect(english.text).toContain(`https://cbm.example.com/${siteId}/batteries/${serial}`);
    const german = renderEventMail(payload as AlertMailEvent, 'de', 'https://cbm.example.com');
    expect(german.text).toContain(`Zeit: ${clockText(MOMENT, zone, 'de')} (${zone})`);
  });

  it('the report PDF lists it at the same time under a heading that names the zone, in both languages', async () => {
    const hour = 60 * MINUTE;
    const fromMs = Math.floor(MOMENT.getTime() / hour) * hour - hour;
    for (const [language, heading] of [
      ['en_US', `Events (times in ${zone})`],
      ['de_DE', `Ereignisse (Zeiten in ${zone})`],
    ] as const) {
      const query = new URLSearchParams({
        operatingSiteId: String(siteId),
        language,
        timezone: zone,
        currency: 'EUR',
        pricePerKwh: '0.3',
        timestampMin: String(fromMs / 1000),
        timestampMax: String((fromMs + 3 * hour) / 1000),
      });
      const pdf = await t.request({ url: `/api/v2/battery/Report/${serial}/pdf?${query}`, cookie: admin });
      expect(pdf.statusCode, pdf.body).toBe(200);
      const text = (await pdfText(pdf.rawPayload)).replace(/[ \t]+/g, ' ');
      expect(text).toContain(heading);
      expect(text).toContain(clockText(MOMENT, zone, language === 'en_US' ? 'en' : 'de'));
      expect(text).toContain('E310');
    }
  });
});
