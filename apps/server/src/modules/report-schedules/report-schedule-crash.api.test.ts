import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import type { Database } from '../../db/database';
import type { MailTransport } from '../mail/mail-transport';
import { reportScheduleJob } from './report-schedule-job';

const MONDAY = Date.parse('2026-10-26T06:00:00Z');
const RECIPIENTS = Array.from({ length: 20 }, (_, n) => `r${n}@example.com`);
const CLAIM_MS = 300;

/** A process's view of the database that dies with it: after `die()` none of its statements reach the database. */
function mortal(db: Database) {
  let dead = false;
  const never = () => new Promise<never>(() => undefined);
  const view: Database = { ...db, query: (sql, params) => (dead ? never() : db.query(sql, params)) };
  return { view, die: () => (dead = true), never };
}

describeEachDatabase('scheduled reports: a crash of the sending process', (kind) => {
  vi.setConfig({ testTimeout: 120_000 });
  let t: TestApp;
  let siteId: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.jobs.stop();
    const [site] = await t.db.query<{ id: number }>(
      `SELECT o.id FROM operating_site o JOIN site_node n ON n.id = o.id WHERE n.name = 'Hamburg Hafen'`,
    );
    siteId = site?.id as number;
  }, 900_000);
  afterAll(() => t.close());

  it('loses no recipient: the next run on any replica sends what the dead one claimed, then marks the period', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/v2/battery/Report/Schedule',
      cookie: await t.signIn('admin@cbm.demo'),
      payload: {
        operatingSiteId: siteId,
        kind: 'fleet',
        cadence: 'weekly',
        recipients: RECIPIENTS.map((email) => ({ email, language: 'en' })),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const delivered: string[] = [];
    const job = (db: Database, transport: MailTransport) =>
      reportScheduleJob(db, {
        transport,
        everyMs: 60_000,
        messageIdHost: 'cbm.test',
        log: t.app.log,
        now: () => MONDAY,
        claimMs: CLAIM_MS,
      });
    const lastSent = async () =>
      (
        await t.db.query<{ last: string | null }>(
          `SELECT to_char(last_sent_period, 'YYYY-MM-DD') AS last FROM report_schedule WHERE id = $1`,
          [created.json().id],
        )
      )[0]?.last;

    // The lease holder dies (SIGKILL) as it is about to send its 7th mail.
    const holder = mortal(t.db);
    void job(holder.view, {
      async send(mail) {
        if (delivered.length === 6) {
          holder.die();
          return holder.never();
        }
        delivered.push(mail.to as string);
      },
      close: () => undefined,
    }).run();
    await vi.waitFor(() => expect(delivered).toHaveLength(6), { timeout: 60_000 });
    await delay(CLAIM_MS * 2);
    expect(await lastSent()).toBeNull();

    await job(t.db, {
      async send(mail) {
        delivered.push(mail.to as string);
      },
      close: () => undefined,
    }).run();
    expect([...delivered].sort()).toEqual([...RECIPIENTS].sort());
    expect(await lastSent()).toBe('2026-10-19');
  });
});
