import type { Database } from '../../db/database';
import type { PeriodicJob } from '../../jobs/job-scheduler';
import { alarmChanges } from './alarm-changes';
import { deviceNames } from './alarm-devices';
import { type AlarmMail, mailAlarms, newAlarm } from './alarm-mails';
import { alarmRepository } from './alarm-repository';
import { silenceRepository } from './silence-repository';
import type { AlarmListenerOptions } from './threshold-listener';
import { thresholdRuleRepository } from './threshold-rule-repository';

export const SILENCE_JOB = 'alarm-silence';

/**
 * The silence rules ("no data for N minutes"), on one replica per run (app.jobs, decision 017): opens an alarm
 * for every battery of a rule that has reported before but not for the rule's minutes, and mails it. Running
 * twice is harmless: an open alarm is not opened again.
 */
export function silenceJob(db: Database, everyMs: number, options: AlarmListenerOptions): PeriodicJob {
  return {
    name: SILENCE_JOB,
    everyMs,
    async run() {
      const outcome = await db.transaction(async (tx) => {
        const rules = await thresholdRuleRepository(tx).active('all', 'silence', 'battery');
        if (rules.length === 0) return undefined;
        const silent = await silenceRepository(tx).silentBatteries(rules.map((rule) => rule.id));
        if (silent.length === 0) return undefined;
        const devices = await deviceNames(
          tx,
          'battery',
          silent.map((battery) => battery.serialNumber),
        );
        const byId = new Map(rules.map((rule) => [rule.id, rule]));
        const mails = silent.flatMap(({ alertId, serialNumber, since }): AlarmMail[] => {
          const rule = byId.get(alertId);
          const device = devices.get(serialNumber);
          return rule && device ? [{ rule, device, alarm: newAlarm(rule, device, null, since) }] : [];
        });
        const opened = await alarmRepository(tx).open(mails.map((mail) => mail.alarm));
        const openedKeys = new Set(opened.map((alarm) => `${alarm.alertId}|${alarm.serialNumber}`));
        const mailed = await mailAlarms(
          tx,
          mails.filter((mail) => openedKeys.has(`${mail.alarm.alertId}|${mail.alarm.serialNumber}`)),
          options,
        );
        return { mailed, opened };
      });
      if (!outcome) return;
      if (outcome.mailed.size > 0) options.onFired(outcome.mailed);
      if (outcome.opened.length > 0) options.onAlarmsChanged(alarmChanges('open', outcome.opened));
    },
  };
}
