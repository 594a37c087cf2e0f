import { topicFor } from '@cbm/contracts/device-protocol';
import { DEMO_PASSWORD } from '@cbm/demo-fixtures/demo-users';
import type { FastifyInstance } from 'fastify';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addTestBatteries, connectDevice, deviceEvent, json } from '../../../test/mqtt-devices';
import { SmtpSink } from '../../../test/smtp-sink';
import { openSse } from '../../../test/sse-client';
import { describeEachDatabase, openTestDatabase, TEST_SEED_TIME, type TestDatabase } from '../../../test/test-app';
import { buildApp } from '../../app';
import { type Config, loadConfig } from '../../config';
import { seedDemo } from '../../demo/seed-demo';

const poll = { timeout: 20_000, interval: 50 };
const PUBLIC_URL = 'https://cbm.example.com';

describeEachDatabase('alert delivery through a real SMTP server', (kind) => {
  const sink = new SmtpSink();
  let database: TestDatabase;
  let config: Config;
  let app: FastifyInstance;
  let device: MqttClient;
  let serials: string[];
  let siteId: number;
  let seq = 0;

  const alertRow = (values: { emails: string[]; serials?: string[]; groupIds?: number[]; language?: string }) =>
    database.db
      .query<{ id: number }>(
        `INSERT INTO alert (product, operating_site_id, name, alert_on_error, group_ids, battery_types,
                            battery_serials, emails, language)
         VALUES ('battery', $1, 'Night shift', true, $2, $3, $4, $5, $6) RETURNING id`,
        [
          siteId,
          values.groupIds ?? [],
          values.groupIds ? ['LFP 48V'] : [],
          values.serials ?? [],
          values.emails,
          values.language ?? 'en',
        ],
      )
      .then((rows) => rows[0]?.id as number);
  const mailsTo = (address: string) => sink.mails.filter((mail) => mail.to.includes(address));
  const deliveries = (address: string) =>
    database.db.query<{ attempts: number; sent: boolean; last_error: string | null; kind: string }>(
      `SELECT attempts, sent_at IS NOT NULL AS sent, last_error, kind FROM alert_delivery
        WHERE recipient = $1 ORDER BY id`,
      [address],
    );
  const publishError = (serial: string, code = 'E101', ts = new Date()) =>
    device.publishAsync(
      topicFor('battery', serial, 'event'),
      json(
        deviceEvent(++seq, ts, {
          type: 'error',
          code,
          description: 'Cell over-temperature',
          category: 'Temperature',
          attributes: { SOC: 63.5, MaxCellTemperature: 61.5 },
        }),
      ),
      { qos: 1 },
    );
  const startApp = async () => {
    app = await buildApp({ config, db: database.db });
    await app.listen({ port: 0, host: '127.0.0.1' });
    device = await connectDevice(app);
  };
  const stopApp = async () => {
    await device.endAsync();
    await app.close();
  };

  beforeAll(async () => {
    await sink.start();
    database = await openTestDatabase(kind);
    await seedDemo(database.db, TEST_SEED_TIME);
    config = loadConfig(
      {},
      {
        LOG_LEVEL: 'silent',
        MQTT_PORT: 0,
        SMTP_URL: sink.url,
        PUBLIC_URL,
        MAIL_RETRY_SECONDS: 0.2,
        ALERT_MAILS_PER_WINDOW: 2,
        ALERT_WINDOW_SECONDS: 8,
      },
    );
    ({ serials, siteId } = await addTestBatteries(database.db, 4));
    await startApp();
    // Seeding the demo data set takes long on a busy machine.
  }, 900_000);
  afterAll(async () => {
    await device?.endAsync();
    await app?.close();
    await database?.drop();
    await sink.stop();
  });

  it('mails a matching battery’s error once, in the creator’s language (German), and nothing for others', async () => {
    const [group] = await database.db.query<{ id: number }>(
      "INSERT INTO battery_group (operating_site_id, name) VALUES ($1, 'Halle 2') RETURNING id",
      [siteId],
    );
    await database.db.query('UPDATE battery SET group_id = $1 WHERE serial_number = $2', [group?.id, serials[0]]);
    const login = await app.inject({
      method: 'POST',
      url: '/api/v2/auth/login',
      payload: { username: 'admin@cbm.demo', password: DEMO_PASSWORD },
    });
    const cookie = `cbm_session=${login.cookies.find((c) => c.name === 'cbm_session')?.value}`;
    const created = await app.inject({
      method: 'POST',
      url: '/api/v2/Alert',
      headers: { cookie, 'accept-language': 'de-DE,de;q=0.9' },
      payload: {
        operatingSiteId: siteId,
        name: 'Nachtschicht',
        alertOnError: true,
        groupId: [group?.id],
        batteryTypes: ['LFP 48V'],
        emails: ['leitstand@example.com'],
      },
    });
    expect(created.statusCode).toBe(201);
    const port = (app.server.address() as { port: number }).port;
    const stream = await openSse(`http://127.0.0.1:${port}/api/v2/live/stream?operatingSiteId=${siteId}`, { cookie });
    await expect.poll(() => stream.events.filter((event) => event.event === 'ready').length, poll).toBe(1);

    await publishError(serials[1] as string, 'E900');
    await publishError(serials[0] as string);
    await expect.poll(() => mailsTo('leitstand@example.com').length, poll).toBe(1);
    const [mail] = mailsTo('leitstand@example.com');
    const [{ timezone } = { timezone: '' }] = await database.db.query<{ timezone: string }>(
      'SELECT timezone FROM operating_site WHERE id = $1',
      [siteId],
    );
    expect(mail?.subject).toBe(`[CBM] Fehler E101 bei ${serials[0]} – Nachtschicht`);
    expect(mail?.text).toContain('Der Alarm „Nachtschicht“ an der Betriebsstätte');
    expect(mail?.text).toContain(`Batterie: ${serials[0]} (${serials[0]})`);
    expect(mail?.text).toMatch(new RegExp(`Zeit: \\d{2}\\.\\d{2}\\.\\d{4} \\d{2}:\\d{2}:\\d{2} \\(${timezone}\\)`));
    expect(mail?.text).toContain('Ereignis: Fehler E101 – Zellübertemperatur: Batterie abgeschaltet');
    expect(mail?.text).toContain('Details: SOC 63,5, MaxCellTemperature 61,5');
    expect(mail?.text).toContain(`In CBM öffnen: ${PUBLIC_URL}/${siteId}/batteries/${serials[0]}`);
    expect(mail?.messageId).toMatch(/^<cbm-alert-\d+@cbm\.example\.com>$/);
    expect(sink.mails.filter((received) => received.text.includes('E900'))).toEqual([]);
    expect(await database.db.query("SELECT 1 FROM alert_delivery WHERE payload->>'code' = 'E900'")).toEqual([]);
    // The desktop notification: pushed on the site's live stream to a user who may see the alert.
    const pushed = () => stream.events.filter((event) => event.event === 'alert').map((event) => event.data);
    await expect.poll(pushed, poll).toEqual([expect.objectContaining({ alertName: 'Nachtschicht', code: 'E101' })]);
    stream.close();
  });

  it('limits a storm per rule and sums up the rest in one digest mail', async () => {
    await alertRow({ emails: ['storm@example.com'], serials: [serials[2] as string] });
    const start = Date.now() - 1000;
    await Promise.all(
      Array.from({ length: 8 }, (_, i) => publishError(serials[2] as string, `E2${i}`, new Date(start + i * 10))),
    );
    await expect.poll(() => mailsTo('storm@example.com').length, poll).toBe(3);
    const [first, second, digest] = mailsTo('storm@example.com');
    expect([first?.subject, second?.subject]).toEqual([
      `[CBM] Error E20 at ${serials[2]} – Night shift`,
      `[CBM] Error E21 at ${serials[2]} – Night shift`,
    ]);
    expect(digest?.subject).toBe('[CBM] 6 more events for alert Night shift');
    expect(digest?.text).toContain('Event: Error E27 – Cell over-temperature');
    expect(digest?.text).toContain(`Open in CBM: ${PUBLIC_URL}/${siteId}/alerts`);
    const rows = async () => (await deliveries('storm@example.com')).map((row) => [row.kind, row.sent]);
    await expect.poll(rows, poll).toEqual([
      ['event', true],
      ['event', true],
      ['digest', true],
    ]);
  });

  it('sends exactly once through an SMTP outage and a restart of the app', async () => {
    await alertRow({ emails: ['outage@example.com'], serials: [serials[3] as string] });
    await sink.stop();
    await publishError(serials[3] as string, 'E301');
    await expect
      .poll(async () => (await deliveries('outage@example.com'))[0]?.last_error ?? null, poll)
      .toMatch(/ECONNREFUSED|connect/i);
    await stopApp();
    expect(mailsTo('outage@example.com')).toEqual([]);

    await sink.start();
    await startApp();
    await expect.poll(() => mailsTo('outage@example.com').length, poll).toBe(1);
    await expect.poll(async () => (await deliveries('outage@example.com'))[0]?.sent, poll).toBe(true);
    const [row] = await deliveries('outage@example.com');
    expect(row?.attempts).toBeGreaterThanOrEqual(2);
    expect(mailsTo('outage@example.com')).toHaveLength(1);
    expect(mailsTo('outage@example.com')[0]?.subject).toBe(`[CBM] Error E301 at ${serials[3]} – Night shift`);
  });
});
