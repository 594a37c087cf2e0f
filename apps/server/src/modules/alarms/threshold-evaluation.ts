import type { AlertProduct } from '@cbm/contracts/alerts';
import type { Queryable } from '../../db/database';
import type { AlarmRef } from './alarm-changes';
import {
  type ConditionState,
  metricValue,
  type Reading,
  stepCondition,
  type ThresholdCondition,
} from './alarm-conditions';
import { deviceNames } from './alarm-devices';
import { AlarmLifecycle, inTimeOrder } from './alarm-lifecycle';
import type { AlarmMail } from './alarm-mails';
import { alarmPendingRepository, type Pending } from './alarm-pending-repository';
import { alarmRepository } from './alarm-repository';
import type { ActiveRule } from './threshold-rule-repository';

const key = (alertId: number, serial: string) => `${alertId}|${serial}`;

/** The rules by their site: a reading is stepped through its own site's rules only. */
function rulesBySite(rules: readonly ActiveRule[]): Map<number, ActiveRule[]> {
  const bySite = new Map<number, ActiveRule[]>();
  for (const rule of rules) bySite.set(rule.operatingSiteId, [...(bySite.get(rule.operatingSiteId) ?? []), rule]);
  return bySite;
}
export const applies = (rule: ActiveRule, reading: Reading) =>
  rule.operatingSiteId === reading.operatingSiteId &&
  (rule.batterySerials.length === 0 || rule.batterySerials.includes(reading.serialNumber));

/**
 * Steps every applicable rule through the readings in time order, also within one batch (a device's backlog):
 * closes the alarms whose value came back, keeps the pending states, and answers the alarms to open (those
 * that also cleared within the batch with their clearing time) and the recoveries, named, and those it closed.
 */
export async function evaluateReadings(
  tx: Queryable,
  product: AlertProduct,
  rules: readonly ActiveRule[],
  readings: readonly Reading[],
): Promise<{ mails: AlarmMail[]; cleared: AlarmRef[] }> {
  if (readings.length === 0) return { mails: [], cleared: [] };
  const bySite = rulesBySite(rules);
  const steps = readings.flatMap((reading) =>
    (bySite.get(reading.operatingSiteId) ?? []).flatMap((rule) => {
      const condition = rule.condition as ThresholdCondition;
      const value = metricValue(condition, reading);
      return value === undefined || !applies(rule, reading) ? [] : [{ reading, rule, condition, value }];
    }),
  );
  const pairs = [
    ...new Map(
      steps.map(({ rule, reading }) => [
        key(rule.id, reading.serialNumber),
        { alertId: rule.id, serialNumber: reading.serialNumber },
      ]),
    ).values(),
  ];
  const alarms = alarmRepository(tx);
  const open = new Map((await alarms.openOf(pairs)).map((a) => [key(a.alertId, a.serialNumber), a]));
  const before = new Map(
    (await alarmPendingRepository(tx).of(pairs)).map((p) => [key(p.alertId, p.serialNumber), p.breachedSince]),
  );
  const states = new Map<string, ConditionState>();
  const lifecycle = new AlarmLifecycle(open);
  for (const { reading, rule, condition, value } of inTimeOrder(steps)) {
    const id = key(rule.id, reading.serialNumber);
    const step = stepCondition(
      condition,
      states.get(id) ?? { breachedSince: before.get(id) ?? null, open: open.has(id) },
      value,
      reading.ts,
    );
    states.set(id, step.state);
    if (step.action !== null) lifecycle.step(id, rule, step.action, value, reading);
  }
  const { mails, cleared } = lifecycle;
  const closed = await alarms.clear(cleared);
  await savePending(tx, states, before);
  return { mails: await named(tx, product, mails), cleared: closed };
}

/** The mails with their devices' and sites' names (read only when something opened or cleared). */
export async function named(tx: Queryable, product: AlertProduct, mails: AlarmMail[]): Promise<AlarmMail[]> {
  if (mails.length === 0) return mails;
  const devices = await deviceNames(
    tx,
    product,
    mails.map((mail) => mail.alarm.serialNumber),
  );
  return mails.map((mail) => {
    const device = devices.get(mail.alarm.serialNumber) ?? mail.device;
    return { ...mail, device, alarm: { ...mail.alarm, deviceName: device.deviceName } };
  });
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
