import type { AlertProduct } from '@cbm/contracts/alerts';
import type { Queryable } from '../../db/database';
import type { EventRecord } from '../device-ingestion/event-listener';
import type { AlertMailEvent } from './alert-mail-event';
import { alertMatchRepository } from './alert-match-repository';
import { type AlertEventType, type AlertRule, alertMatches } from './alert-matching';

type AlertableEvent = EventRecord & { deviceClass: AlertProduct; event: { type: AlertEventType } };

/** Errors, warnings and limits of batteries and charger-station units, when the condition starts. */
const isAlertable = (record: EventRecord): record is AlertableEvent =>
  record.deviceClass !== 'charger' && record.event.type !== 'info' && record.event.active;

/**
 * The event rules that newly stored events fire, each with the events as its mails tell them (decision 013).
 * The alert mails and the alarm inbox (decision 040) both start from here.
 */
export async function matchAlertEvents(
  tx: Queryable,
  records: readonly EventRecord[],
): Promise<Map<AlertRule, AlertMailEvent[]>> {
  const matches = new Map<AlertRule, AlertMailEvent[]>();
  const events = records.filter(isAlertable);
  if (events.length === 0) return matches;
  const repository = alertMatchRepository(tx);
  const siteIds = [...new Set(events.map((record) => record.operatingSiteId))];
  const rules = await repository.activeRules(siteIds);
  if (rules.length === 0) return matches;
  const serialsOf = (product: AlertProduct) => [
    ...new Set(events.filter((record) => record.deviceClass === product).map((record) => record.serialNumber)),
  ];
  const targets = new Map([
    ...(await repository.targets('battery', serialsOf('battery'))).entries(),
    ...[...(await repository.targets('mdload', serialsOf('mdload'))).entries()].map(
      ([serial, target]) => [`mdload|${serial}`, target] as const,
    ),
  ]);
  const sites = await repository.sites(siteIds);

  const sorted = [...events].sort((a, b) => a.ts.getTime() - b.ts.getTime());
  for (const record of sorted) {
    const key = record.deviceClass === 'battery' ? record.serialNumber : `mdload|${record.serialNumber}`;
    const target = targets.get(key);
    const site = sites.get(record.operatingSiteId);
    if (!target || !site) continue;
    for (const rule of rules) {
      if (!alertMatches(rule, target, record.event.type)) continue;
      const mailEvent: AlertMailEvent = {
        alertId: rule.id,
        alertName: rule.name,
        product: rule.product,
        operatingSiteId: record.operatingSiteId,
        siteName: site.name,
        timeZone: site.timeZone,
        serialNumber: record.serialNumber,
        deviceName: target.name,
        type: record.event.type,
        code: record.event.code,
        description: record.event.description,
        category: record.event.category ?? null,
        ts: record.ts.toISOString(),
        attributes: record.event.attributes ?? {},
      };
      matches.set(rule, [...(matches.get(rule) ?? []), mailEvent]);
    }
  }
  return matches;
}
