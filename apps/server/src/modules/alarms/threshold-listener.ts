import type { LiveAlert } from '@cbm/contracts/alerts';
import type { Queryable } from '../../db/database';
import { alertDevices, type MailLimits } from '../alerts/alert-service';
import type { BatterySample, SampleListener } from '../device-ingestion/battery-sample';
import { type ConditionState, stepCondition, type ThresholdCondition } from './alarm-conditions';
import { type AlarmDevice, type AlarmMail, mailAlarms, newAlarm } from './alarm-mails';
import { alarmPendingRepository, type Pending } from './alarm-pending-repository';
import { alarmRepository, type OpenAlarm } from './alarm-repository';
import { type ActiveRule, thresholdRuleRepository } from './threshold-rule-repository';

export interface AlarmListenerOptions extends MailLimits {
  /** After the commit: the alarms that mailed, per site (desktop notifications). */
  onFired(fired: Map<number, LiveAlert[]>): void;
}

const key = (alertId: number, serial: string) => `${alertId}|${serial}`;
const applies = (rule: ActiveRule, sample: BatterySample) =>
  rule.operatingSiteId === sample.operatingSiteId &&
  (rule.batterySerials.length === 0 || rule.batterySerials.includes(sample.serialNumber));

/**
 * Threshold rules evaluated as samples arrive, in the storing transaction (decision 040): one query for the
 * rules of the batch's sites, and for the rules' state only when a rule applies. Data from a battery also
 * closes its silence alarms.
 */
export function thresholdListener(options: AlarmListenerOptions): SampleListener {
  return async (tx, samples) => {
    if (samples.length === 0) return undefined;
    const serials = [...new Set(samples.map((sample) => sample.serialNumber))];
    const silenced = await alarmRepository(tx).clearSilence(serials, new Date());
    const siteIds = [...new Set(samples.map((sample) => sample.operatingSiteId))];
    const rules = await thresholdRuleRepository(tx).active(siteIds, false);
    const relevant = samples.filter((sample) => rules.some((rule) => applies(rule, sample)));
    if (relevant.length === 0 && silenced.length === 0) return undefined;

    const mails = [...(await evaluate(tx, rules, relevant)), ...(await silenceRecoveries(tx, silenced, siteIds))];
    if (mails.length === 0) return undefined;
    const devices = await deviceNames(
      tx,
      mails.map((mail) => mail.alarm.serialNumber),
    );
    for (const mail of mails) mail.device = devices.get(mail.alarm.serialNumber) ?? mail.device;
    for (const mail of mails) Object.assign(mail.alarm, { deviceName: mail.device.deviceName });
    await alarmRepository(tx).open(mails.filter((mail) => !mail.recovered).map((mail) => mail.alarm));
    const fired = await mailAlarms(tx, mails, options);
    return fired.size > 0 ? () => options.onFired(fired) : undefined;
  };
}

/** Steps every applicable rule through the batch's samples; answers the alarms opened and cleared. */
async function evaluate(tx: Queryable, rules: ActiveRule[], samples: BatterySample[]): Promise<AlarmMail[]> {
  if (samples.length === 0) return [];
  const serials = [...new Set(samples.map((sample) => sample.serialNumber))];
  const ruleIds = rules.map((rule) => rule.id);
  const alarms = alarmRepository(tx);
  const open = new Map(
    (await alarms.openOf(ruleIds, serials)).map((alarm) => [key(alarm.alertId, alarm.serialNumber), alarm]),
  );
  const pendingRepository = alarmPendingRepository(tx);
  const before = new Map(
    (await pendingRepository.of(ruleIds, serials)).map((p) => [key(p.alertId, p.serialNumber), p.breachedSince]),
  );
  const states = new Map<string, ConditionState>();
  const mails: AlarmMail[] = [];
  const cleared: { id: number; ts: Date }[] = [];
  for (const sample of samples) {
    for (const rule of rules) {
      if (!applies(rule, sample)) continue;
      const id = key(rule.id, sample.serialNumber);
      const state = states.get(id) ?? { breachedSince: before.get(id) ?? null, open: open.has(id) };
      const step = stepCondition(rule.condition as ThresholdCondition, state, sample);
      states.set(id, step.state);
      if (step.action === null) continue;
      const alarm = newAlarm(rule, placeholder(sample.serialNumber), step.value, sample.ts);
      mails.push({ rule, device: placeholder(sample.serialNumber), alarm, recovered: step.action === 'clear' });
      const openAlarm = open.get(id);
      if (step.action === 'clear' && openAlarm) cleared.push({ id: openAlarm.id, ts: sample.ts });
    }
  }
  await alarms.clear(cleared);
  await savePending(tx, states, before);
  return mails;
}

async function savePending(tx: Queryable, states: Map<string, ConditionState>, before: Map<string, Date>) {
  const pending: Pending[] = [];
  const gone: Omit<Pending, 'breachedSince'>[] = [];
  for (const [id, state] of states) {
    const [alertId, serialNumber] = [Number(id.split('|')[0]), id.slice(id.indexOf('|') + 1)];
    const was = before.get(id);
    if (state.breachedSince && state.breachedSince.getTime() !== was?.getTime()) {
      pending.push({ alertId, serialNumber, breachedSince: state.breachedSince });
    } else if (!state.breachedSince && was) gone.push({ alertId, serialNumber });
  }
  await alarmPendingRepository(tx).save(pending, gone);
}

/** The recovery mails of closed silence alarms whose rules ask for them. */
async function silenceRecoveries(tx: Queryable, silenced: OpenAlarm[], siteIds: number[]): Promise<AlarmMail[]> {
  if (silenced.length === 0) return [];
  const rules = new Map((await thresholdRuleRepository(tx).active(siteIds, true)).map((rule) => [rule.id, rule]));
  return silenced.flatMap((alarm) => {
    const rule = rules.get(alarm.alertId);
    if (!rule?.mailRecovery) return [];
    const device = placeholder(alarm.serialNumber);
    return [{ rule, device, alarm: newAlarm(rule, device, null, new Date()), recovered: true }];
  });
}

const placeholder = (serialNumber: string): AlarmDevice => ({
  serialNumber,
  deviceName: serialNumber,
  siteName: '',
  timeZone: 'UTC',
});

/** Names of the batteries and their sites, read only when an alarm opens or clears. */
export async function deviceNames(tx: Queryable, serials: readonly string[]): Promise<Map<string, AlarmDevice>> {
  const devices = alertDevices(tx);
  const targets = await devices.targets('battery', [...new Set(serials)]);
  const sites = await devices.sites([...new Set([...targets.values()].map((target) => target.operatingSiteId))]);
  return new Map(
    [...targets.values()].map((target) => {
      const site = sites.get(target.operatingSiteId);
      return [
        target.serialNumber,
        {
          serialNumber: target.serialNumber,
          deviceName: target.name,
          siteName: site?.name ?? '',
          timeZone: site?.timeZone ?? 'UTC',
        },
      ];
    }),
  );
}
