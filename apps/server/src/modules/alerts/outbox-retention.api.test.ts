import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { OUTBOX_RETENTION_JOB } from './outbox-retention';

const DAY_MS = 86_400_000;

describeEachDatabase('alert outbox retention', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let outbox: string;

  /** An outbox row of a new alert, created, sent or refused so many days ago (sent and refused: optional). */
  const delivery = async (values: { sentDaysAgo?: number; failedDaysAgo?: number; createdDaysAgo: number }) => {
    const [site] = await t.db.query<{ id: number }>('SELECT id FROM operating_site ORDER BY id LIMIT 1');
    const [alert] = await t.db.query<{ id: number }>(
      `INSERT INTO alert (product, operating_site_id, name, alert_on_error, battery_serials, emails)
       VALUES ('battery', $1, 'Retention', true, '{2000001}', '{ops@example.com}') RETURNING id`,
      [site?.id],
    );
    const ago = (days: number | undefined) => (days === undefined ? null : new Date(Date.now() - days * DAY_MS));
    const [row] = await t.db.query<{ id: number }>(
      `INSERT INTO alert_delivery (alert_id, kind, recipient, language, payload, created_at, sent_at, failed_at)
       VALUES ($1, 'event', 'ops@example.com', 'en', '{}', $2, $3, $4) RETURNING id`,
      [alert?.id, ago(values.createdDaysAgo), ago(values.sentDaysAgo), ago(values.failedDaysAgo)],
    );
    return Number(row?.id);
  };
  /** A digest whose window ended `daysAgo`, with one mail sent then. */
  const sentDigest = async (daysAgo: number) => {
    const [{ id: alertId } = { id: 0 }] = await t.db.query<{ id: number }>('SELECT max(id) AS id FROM alert');
    const ended = new Date(Date.now() - daysAgo * DAY_MS);
    const [digest] = await t.db.query<{ id: number }>(
      'INSERT INTO alert_digest (alert_id, ends_at, event_count) VALUES ($1, $2, 9) RETURNING id',
      [alertId, ended],
    );
    await t.db.query(
      `INSERT INTO alert_delivery (alert_id, kind, recipient, language, digest_id, created_at, sent_at)
       VALUES ($1, 'digest', 'ops@example.com', 'en', $2, $3, $3)`,
      [alertId, digest?.id, ended],
    );
  };
  const mailFile = async (name: string, daysAgo: number) => {
    const file = path.join(outbox, name);
    await writeFile(file, 'Subject: test\n');
    const when = new Date(Date.now() - daysAgo * DAY_MS);
    await utimes(file, when, when);
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'cbm-outbox-'));
    outbox = path.join(dataDir, 'mail-outbox');
    t = await createTestApp(kind, { DATA_DIR: dataDir, MAIL_OUTBOX_RETENTION_DAYS: 30 });
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('deletes mails and digests sent longer ago than the retention, and their files, once the app runs', async () => {
    const oldSent = await delivery({ createdDaysAgo: 31, sentDaysAgo: 31 });
    const recentSent = await delivery({ createdDaysAgo: 31, sentDaysAgo: 29 });
    const unsent = await delivery({ createdDaysAgo: 40 });
    const failed = await delivery({ createdDaysAgo: 40, failedDaysAgo: 40 });
    await sentDigest(31);
    await mkdir(outbox, { recursive: true });
    await mailFile('cbm-alert-1@cbm.example.com.eml', 31);
    await mailFile('cbm-alert-2@cbm.example.com.eml', 29);
    await mailFile('notes.txt', 40);

    await t.app.ready();
    await expect
      .poll(async () => (await t.db.query('SELECT 1 FROM alert_delivery WHERE id = $1', [oldSent])).length, {
        timeout: 15_000,
      })
      .toBe(0);
    const left = await t.db.query<{ id: string }>('SELECT id FROM alert_delivery ORDER BY id');
    expect(left.map((row) => Number(row.id))).toEqual([recentSent, unsent, failed]);
    // The digests go in a statement of their own, just after the mails.
    await expect.poll(() => t.db.query('SELECT id FROM alert_digest')).toEqual([]);
    await expect
      .poll(async () => (await readdir(outbox)).sort())
      .toEqual(['cbm-alert-2@cbm.example.com.eml', 'notes.txt']);
    const lease = () =>
      t.db.query('SELECT runs::int, last_error FROM job_lease WHERE name = $1', [OUTBOX_RETENTION_JOB]);
    await expect.poll(lease).toEqual([{ runs: 1, last_error: null }]);
  });
});
