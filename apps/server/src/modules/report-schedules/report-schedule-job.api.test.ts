import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { createMailTransport, type MailTransport, type OutgoingMail } from '../mail/mail-transport';
import { generateSamples, pdfText, storeSamples } from '../reports/test/report-test-data';
import { reportScheduleJob } from './report-schedule-job';

// The week of 19–25 October 2026 in Berlin, whose Sunday has 25 hours; the job runs the Monday after.
const WEEK_FROM = Date.parse('2026-10-18T22:00:00Z');
const WEEK_TO = Date.parse('2026-10-25T23:00:00Z');
const MONDAY = Date.parse('2026-10-26T06:00:00Z');
const WEEK_MS = 7 * 86_400_000;

describeEachDatabase('scheduled reports: the job', (kind) => {
  vi.setConfig({ testTimeout: 180_000 });
  let t: TestApp;
  let admin: string;
  let siteId: number;
  let serial: string;
  let sent: OutgoingMail[];
  const capture: MailTransport = {
    async send(mail) {
      sent.push(mail);
    },
    close: () => undefined,
  };
  const job = (now: number, transport = capture) =>
    reportScheduleJob(t.db, { transport, everyMs: 60_000, messageIdHost: 'cbm.test', log: t.app.log, now: () => now });
  const create = async (payload: object) => {
    const response = await t.request({
      method: 'POST',
      url: '/api/v2/battery/Report/Schedule',
      cookie: admin,
      payload: { operatingSiteId: siteId, cadence: 'weekly', ...payload },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as number;
  };
  const deleteAll = () => t.db.query('DELETE FROM report_schedule WHERE operating_site_id = $1', [siteId]);

  beforeAll(async () => {
    t = await createTestApp(kind);
    // The app's own job runs on the real clock; these tests run it on theirs.
    await t.app.jobs.stop();
    admin = await t.signIn('admin@cbm.demo');
    const [site] = await t.db.query<{ id: number; serial: string }>(
      `SELECT o.id, min(b.serial_number) AS serial FROM operating_site o JOIN site_node n ON n.id = o.id
         JOIN battery b ON b.operating_site_id = o.id WHERE n.name = 'Hamburg Hafen' GROUP BY o.id`,
    );
    ({ id: siteId, serial } = site as { id: number; serial: string });
    await storeSamples(t.db, siteId, generateSamples(serial, WEEK_FROM, WEEK_TO, WEEK_FROM + 3 * 86_400_000));
  }, 900_000);
  afterAll(() => t.close());

  it('mails last week’s PDF once to each recipient, in their language, and nothing on the next run', async () => {
    sent = [];
    await deleteAll();
    const id = await create({
      kind: 'battery',
      batterySerials: [serial],
      recipients: [
        { email: 'english@example.com', language: 'en' },
        { email: 'deutsch@example.com', language: 'de' },
      ],
    });
    await job(MONDAY).run();
    expect(sent.map((mail) => mail.to).sort()).toEqual(['deutsch@example.com', 'english@example.com']);
    const english = sent.find((mail) => mail.to === 'english@example.com') as OutgoingMail;
    const german = sent.find((mail) => mail.to === 'deutsch@example.com') as OutgoingMail;
    expect(english.subject).toBe('[CBM] Weekly battery report Hamburg Hafen, 10-19-2026 – 10-25-2026');
    expect(german.subject).toBe('[CBM] Wöchentlicher Batteriebericht Hamburg Hafen, 19.10.2026 – 25.10.2026');
    for (const mail of sent) {
      expect(mail.attachments?.map((file) => [file.filename, file.contentType])).toEqual([
        [`report-${serial}-2026-10-19-2026-10-25.pdf`, 'application/pdf'],
      ]);
    }
    const englishText = await pdfText(english.attachments?.[0]?.content as Buffer);
    expect(englishText).toContain(`Battery report ${serial}`);
    expect(englishText).toContain('Energy charged');
    expect(englishText).toContain('10-19-2026 00:00 – 10-26-2026 00:00');
    const germanText = await pdfText(german.attachments?.[0]?.content as Buffer);
    expect(germanText).toContain(`Batteriebericht ${serial}`);
    expect(germanText).toContain('Geladene Energie');
    expect(germanText).not.toContain('Energy charged');

    await job(MONDAY + 3_600_000).run();
    expect(sent).toHaveLength(2);
    const [row] = await t.db.query<{ last: string }>(
      `SELECT to_char(last_sent_period, 'YYYY-MM-DD') AS last FROM report_schedule WHERE id = $1`,
      [id],
    );
    expect(row?.last).toBe('2026-10-19');
  });

  it('two processes running the job at once send each mail once; after downtime it catches up once', async () => {
    sent = [];
    await deleteAll();
    await create({ kind: 'fleet', recipients: [{ email: 'flotte@example.com', language: 'de' }] });
    await Promise.all([job(MONDAY).run(), job(MONDAY).run()]);
    expect(sent.map((mail) => mail.to)).toEqual(['flotte@example.com']);
    const fleet = await pdfText(sent[0]?.attachments?.[0]?.content as Buffer);
    expect(fleet).toContain('Flottenbericht Hamburg Hafen');
    expect(fleet).toContain(serial);
    expect(fleet).toContain('Flotte gesamt');

    // Three weeks without a run: only the last closed week is mailed.
    await job(MONDAY + 3 * WEEK_MS).run();
    await job(MONDAY + 3 * WEEK_MS + 60_000).run();
    expect(sent).toHaveLength(2);
    expect(sent[1]?.subject).toContain('09.11.2026 – 15.11.2026');
  });

  it('a monthly report of October goes out on 1 November in the site’s zone; the outbox file holds the PDF', async () => {
    await deleteAll();
    const id = await create({
      kind: 'battery',
      batterySerials: [serial],
      cadence: 'monthly',
      recipients: [{ email: 'monat@example.com', language: 'en' }],
    });
    // September went out already.
    await t.db.query(`UPDATE report_schedule SET last_sent_period = '2026-09-01' WHERE id = $1`, [id]);
    const dir = await mkdtemp(path.join(tmpdir(), 'cbm-schedules-'));
    try {
      const files = createMailTransport({ SMTP_URL: undefined, MAIL_FROM: 'CBM <cbm@cbm.test>', mailOutboxDir: dir });
      // 31 October 23:30 UTC is already 1 November in Berlin.
      await job(Date.parse('2026-10-31T22:30:00Z'), files).run();
      await job(Date.parse('2026-10-31T23:30:00Z'), files).run();
      const names = await readdir(dir);
      expect(names).toHaveLength(1);
      const eml = await readFile(path.join(dir, names[0] as string), 'utf8');
      expect(eml).toContain('To: monat@example.com');
      expect(eml).toContain('Monthly_battery_report_Hamburg');
      expect(eml).toContain(`report-${serial}-2026-10-01-2026-10-31.pdf`);
      expect(eml).toContain('Content-Type: application/pdf');
      // %PDF in base64.
      expect(eml).toContain('JVBERi0');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
