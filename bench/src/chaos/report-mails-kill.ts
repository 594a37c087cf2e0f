import { setTimeout as delay } from 'node:timers/promises';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@cbm/demo-fixtures/demo-users';
import type { ChaosRow, ChaosScenario } from './chaos-row';
import { chaosSchema, signIn, startChaosServer } from './chaos-server';
import { startSmtpLedger } from './smtp-ledger';
import { until } from './until';

const RECIPIENTS = 20;
const KILL_AFTER = 6;

/**
 * Scheduled report mails with a SIGKILL of the lease holder (decision 075): two server processes on one schema, a
 * fleet schedule with 20 recipients; the process that runs the job is killed once the outside SMTP ledger has
 * accepted its 6th mail, and a second process takes over. Every recipient must have a mail; the one the killed
 * process was sending may arrive twice (decision 075).
 */
export const reportMailsKill: ChaosScenario = {
  name: 'report-mails-kill',
  smoke: false,
  window: { twice: 1, decision: '075: the mail in flight at the crash' },
  async run(): Promise<ChaosRow> {
    const schema = await chaosSchema('mails');
    const smtp = await startSmtpLedger(300);
    const emails = Array.from({ length: RECIPIENTS }, (_, n) => `chaos${n}@example.com`);
    try {
      const config = { SMTP_URL: smtp.url, MAIL_FROM: 'CBM <cbm@cbm.test>' };
      const first = await startChaosServer(schema, config);
      const cookie = await signIn(first.url, DEMO_ACCOUNTS.admin, DEMO_PASSWORD);
      const [site] = await schema.db.query<{ id: number }>('SELECT id FROM operating_site ORDER BY id LIMIT 1');
      const created = await fetch(`${first.url}/api/v2/battery/Report/Schedule`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({
          operatingSiteId: site?.id,
          kind: 'fleet',
          cadence: 'weekly',
          recipients: emails.map((email) => ({ email, language: 'en' })),
        }),
      });
      if (created.status !== 201) throw new Error(`schedule: ${created.status} ${await created.text()}`);
      // The job ran at start with nothing to do; make it due now, as five minutes later.
      await schema.db.query(`UPDATE job_lease SET next_run_at = now() WHERE name = 'report-schedules'`);
      while (smtp.total() < KILL_AFTER) await delay(20);
      await first.stop('SIGKILL');
      const killedAt = performance.now();
      const second = await startChaosServer(schema, config);
      const recovered = await until(
        async () => {
          const [row] = await schema.db.query<{ done: boolean }>(
            'SELECT bool_and(last_sent_period IS NOT NULL) AS done FROM report_schedule',
          );
          return row?.done === true && emails.every((email) => smtp.delivered.has(email));
        },
        300,
        500,
      );
      const recovery = recovered ? (performance.now() - killedAt) / 1000 : null;
      await second.stop();
      const counts = emails.map((email) => smtp.delivered.get(email) ?? 0);
      return {
        fault: `report mails, lease holder SIGKILLed after mail ${KILL_AFTER} of ${RECIPIENTS}`,
        sent: RECIPIENTS,
        acknowledged: counts.filter((count) => count > 0).length,
        stored: counts.filter((count) => count > 0).length,
        lost: counts.filter((count) => count === 0).length,
        twice: counts.reduce((sum, count) => sum + Math.max(0, count - 1), 0),
        recoverySeconds: recovery,
        note: 'recipients with a mail at an outside SMTP ledger; last_sent_period set',
      };
    } finally {
      await smtp.close();
      await schema.drop();
    }
  },
};
