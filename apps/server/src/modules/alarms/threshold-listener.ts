import type { LiveAlert } from '@cbm/contracts/alerts';
import type { Queryable } from '../../db/database';
import type { MailLimits } from '../alerts/alert-service';
import type { SampleListener } from '../device-ingestion/battery-sample';
import type { AfterCommit } from '../device-ingestion/event-listener';
import type { MdloadListener } from '../device-ingestion/mdload-reading';
import { type AlarmRef, allChanges, type OnAlarmsChanged } from './alarm-changes';
import type { Reading } from './alarm-conditions';
import { unnamed } from './alarm-devices';
import { type AlarmMail, mailAlarms, newAlarm } from './alarm-mails';
import { alarmRepository, type OpenAlarm } from './alarm-repository';
import { applies, evaluateReadings, named } from './threshold-evaluation';
import { thresholdRuleRepository } from './threshold-rule-repository';

export interface AlarmListenerOptions extends MailLimits {
  /** After the commit: the alarms that mailed, per site (desktop notifications). */
  onFired(fired: Map<number, LiveAlert[]>): void;
  onAlarmsChanged: OnAlarmsChanged;
}

/**
 * Threshold rules of batteries evaluated as samples arrive, in the storing transaction (decision 040): one query
 * for the rules of the batch's sites, and the rules' state only when a rule applies. Data from a battery also
 * closes its silence alarms.
 */
export function batteryThresholdListener(options: AlarmListenerOptions): SampleListener {
  return async (tx, samples) => {
    if (samples.length === 0) return undefined;
    const serials = [...new Set(samples.map((sample) => sample.serialNumber))];
    const silenced = await alarmRepository(tx).clearSilence(serials, new Date());
    const siteIds = [...new Set(samples.map((sample) => sample.operatingSiteId))];
    const rules = await thresholdRuleRepository(tx).active(siteIds, 'threshold', 'battery');
    const readings = samples.map(
      (sample): Reading => ({
        serialNumber: sample.serialNumber,
        operatingSiteId: sample.operatingSiteId,
        ts: sample.ts,
        battery: sample,
      }),
    );
    const relevant = readings.filter((reading) => rules.some((rule) => applies(rule, reading)));
    if (relevant.length === 0 && silenced.length === 0) return undefined;
    const { mails, cleared } = await evaluateReadings(tx, 'battery', rules, relevant);
    const recoveries = await silenceRecoveries(tx, silenced, siteIds);
    return finishAlarms(tx, [...mails, ...recoveries], [...cleared, ...silenced], options);
  };
}

/** The charger-station units' power rules, evaluated as their telemetry arrives. */
export function mdloadThresholdListener(options: AlarmListenerOptions): MdloadListener {
  return async (tx, readings) => {
    const siteIds = [...new Set(readings.map((reading) => reading.operatingSiteId))];
    const rules = await thresholdRuleRepository(tx).active(siteIds, 'threshold', 'mdload');
    const relevant = readings.filter((reading) => rules.some((rule) => applies(rule, reading)));
    const { mails, cleared } = await evaluateReadings(tx, 'mdload', rules, relevant);
    return finishAlarms(tx, mails, cleared, options);
  };
}

/** Opens the alarms and mails them; after the commit, notifies the desktops and pushes the alarms' changes. */
export async function finishAlarms(
  tx: Queryable,
  mails: AlarmMail[],
  cleared: AlarmRef[],
  options: AlarmListenerOptions,
): Promise<AfterCommit | undefined> {
  if (mails.length === 0 && cleared.length === 0) return undefined;
  const stored = await alarmRepository(tx).open(mails.filter((mail) => !mail.recovered).map((mail) => mail.alarm));
  const fired = await mailAlarms(tx, mails, options);
  const opened = stored.filter((alarm) => !alarm.clearedAt);
  const changes = allChanges(opened, [...stored.filter((alarm) => alarm.clearedAt), ...cleared]);
  if (fired.size === 0 && changes.length === 0) return undefined;
  return () => {
    if (fired.size > 0) options.onFired(fired);
    if (changes.length > 0) options.onAlarmsChanged(changes);
  };
}

/** The recovery mails of closed silence alarms whose rules ask for them. */
async function silenceRecoveries(tx: Queryable, silenced: OpenAlarm[], siteIds: number[]): Promise<AlarmMail[]> {
  if (silenced.length === 0) return [];
  const rules = await thresholdRuleRepository(tx).active(siteIds, 'silence', 'battery');
  const byId = new Map(rules.map((rule) => [rule.id, rule]));
  const mails = silenced.flatMap((alarm): AlarmMail[] => {
    const rule = byId.get(alarm.alertId);
    if (!rule?.mailRecovery) return [];
    const device = unnamed(alarm.serialNumber);
    return [{ rule, device, alarm: newAlarm(rule, device, null, new Date()), recovered: true }];
  });
  return named(tx, 'battery', mails);
}
