import type { Database, Queryable } from '../../db/database';
import type { PeriodicJob } from '../../jobs/job-scheduler';
import { type CareCondition, careFindings } from '../battery-care/care-conditions';
import { unnamed } from './alarm-devices';
import { type AlarmMail, newAlarm } from './alarm-mails';
import { alarmRepository, type OpenAlarm } from './alarm-repository';
import { named } from './threshold-evaluation';
import { type AlarmListenerOptions, finishAlarms } from './threshold-listener';
import { type ActiveRule, thresholdRuleRepository } from './threshold-rule-repository';

export const CARE_RULE_JOB = 'alarm-care-rules';

/**
 * The care rules (deep-sleep risk, end of life within N days; decision 134), on one replica per run (app.jobs):
 * each run judges every battery of each active care rule once, from its samples and roll-ups, not per message;
 * opens an alarm (and mails) where the condition holds without one, clears the rule's alarms where it no longer
 * holds (with a recovery mail when the rule asks). Running twice is harmless: an open alarm is not opened again.
 */
export function careRuleJob(
  db: Database,
  everyMs: number,
  options: AlarmListenerOptions,
  now = () => new Date(),
): PeriodicJob {
  return {
    name: CARE_RULE_JOB,
    everyMs,
    async run() {
      const afterCommit = await db.transaction(async (tx) => {
        const rules = await thresholdRuleRepository(tx).active('all', 'care', 'battery');
        if (rules.length === 0) return undefined;
        const at = now();
        const open = await alarmRepository(tx).openOfRules(rules.map((rule) => rule.id));
        const judged = [];
        for (const rule of rules) judged.push(await judge(tx, rule, open, at));
        const mails = await named(
          tx,
          'battery',
          judged.flatMap((outcome) => outcome.mails),
        );
        const cleared = await alarmRepository(tx).clear(judged.flatMap((outcome) => outcome.cleared));
        return finishAlarms(tx, mails, cleared, options);
      });
      afterCommit?.();
    },
  };
}

/** One rule over its batteries now: the alarms to open and the open ones to clear. */
async function judge(tx: Queryable, rule: ActiveRule, open: readonly OpenAlarm[], at: Date) {
  const condition = rule.condition as CareCondition;
  const findings = await careFindings(tx, rule.operatingSiteId, condition, rule.batterySerials, at);
  const openHere = open.filter((alarm) => alarm.alertId === rule.id);
  const openSerials = new Set(openHere.map((alarm) => alarm.serialNumber));
  const mails: AlarmMail[] = [];
  for (const [serialNumber, { value, since }] of findings) {
    if (openSerials.has(serialNumber)) continue;
    const device = unnamed(serialNumber);
    mails.push({ rule, device, alarm: newAlarm(rule, device, value, since) });
  }
  const gone = openHere.filter((alarm) => !findings.has(alarm.serialNumber));
  for (const alarm of gone) {
    const device = unnamed(alarm.serialNumber);
    mails.push({ rule, device, alarm: newAlarm(rule, device, null, at), recovered: true });
  }
  return { mails, cleared: gone.map((alarm) => ({ id: alarm.id, ts: at })) };
}
