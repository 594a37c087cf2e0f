import { productOfMetric } from '@cbm/contracts/alarms';
import type { LiveAlert } from '@cbm/contracts/alerts';
import type { Queryable } from '../../db/database';
import { type AlertMailEvent, enqueueAlertMails, type MailLimits } from '../alerts/alert-service';
import type { NewAlarm } from './alarm-repository';
import { describeCondition } from './alarm-text';
import type { ActiveRule } from './threshold-rule-repository';

export interface AlarmDevice {
  serialNumber: string;
  deviceName: string;
  siteName: string;
  timeZone: string;
}

/** The alarm a threshold or silence rule opens at a device (a battery, or a unit for the station power). */
export function newAlarm(rule: ActiveRule, device: AlarmDevice, value: number | null, openedAt: Date): NewAlarm {
  const silence = rule.condition.metric === 'noData';
  return {
    alertId: rule.id,
    ruleName: rule.name,
    kind: silence ? 'silence' : 'threshold',
    product: productOfMetric(rule.condition.metric),
    operatingSiteId: rule.operatingSiteId,
    serialNumber: device.serialNumber,
    deviceName: device.deviceName,
    type: silence ? 'silence' : 'threshold',
    code: rule.condition.metric,
    description: describeCondition(rule.language, rule.condition, value),
    condition: rule.condition,
    value,
    openedAt,
  };
}

const mailEvent = (rule: ActiveRule, device: AlarmDevice, alarm: Omit<NewAlarm, 'alertId'>): AlertMailEvent => ({
  alertId: rule.id,
  alertName: rule.name,
  product: alarm.product,
  operatingSiteId: rule.operatingSiteId,
  siteName: device.siteName,
  timeZone: device.timeZone,
  serialNumber: device.serialNumber,
  deviceName: device.deviceName,
  type: alarm.type as AlertMailEvent['type'],
  code: alarm.code,
  description: alarm.description,
  category: null,
  ts: alarm.openedAt.toISOString(),
  attributes: {},
});

export interface AlarmMail {
  rule: ActiveRule;
  device: AlarmDevice;
  alarm: NewAlarm;
  /** A recovery (the rule mails them) rather than an opened alarm. */
  recovered?: boolean;
}

/**
 * Writes the mails of opened alarms, and of cleared ones whose rule asks for recovery mails, through the alert
 * outbox with its rate limit and digest; answers the opened ones that mailed, for desktop notifications.
 */
export async function mailAlarms(tx: Queryable, mails: readonly AlarmMail[], limits: MailLimits) {
  const byRule = new Map<ActiveRule, AlertMailEvent[]>();
  for (const { rule, device, alarm, recovered } of mails) {
    if (recovered && !rule.mailRecovery) continue;
    const description = recovered
      ? describeCondition(rule.language, rule.condition, alarm.value, true)
      : alarm.description;
    const event = mailEvent(rule, device, { ...alarm, description, type: recovered ? 'recovered' : alarm.type });
    byRule.set(rule, [...(byRule.get(rule) ?? []), event]);
  }
  const fired = new Map<number, LiveAlert[]>();
  for (const [rule, events] of byRule) {
    const mailed = await enqueueAlertMails(tx, rule, events, limits);
    const live = mailed.filter((event) => event.type !== 'recovered').map(toLive);
    if (live.length > 0) fired.set(rule.operatingSiteId, [...(fired.get(rule.operatingSiteId) ?? []), ...live]);
  }
  return fired;
}

const toLive = (event: AlertMailEvent): LiveAlert => ({
  alertId: event.alertId,
  product: event.product,
  alertName: event.alertName,
  serialNumber: event.serialNumber,
  deviceName: event.deviceName,
  type: 'limit',
  code: event.code,
  description: event.description,
  ts: event.ts,
});
