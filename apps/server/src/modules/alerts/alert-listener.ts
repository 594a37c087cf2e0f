import type { AlertProduct, LiveAlert } from '@cbm/contracts/alerts';
import type { Queryable } from '../../db/database';
import type { EventListener, EventRecord } from '../device-ingestion/event-listener';
import type { AlertMailEvent } from './alert-mail-event';
import { alertMatchRepository } from './alert-match-repository';
import { type AlertEventType, type AlertRule, alertMatches } from './alert-matching';
import { alertOutboxRepository } from './alert-outbox-repository';

export interface AlertListenerOptions {
  /** Mails a rule sends per window; more matches go to the window's digest. */
  mailsPerWindow: number;
  windowMs: number;
  /** After the commit: the alerts that mailed, per site (desktop notifications, waking the sender). */
  onFired(fired: Map<number, LiveAlert[]>): void;
}

type AlertableEvent = EventRecord & { deviceClass: AlertProduct; event: { type: AlertEventType } };

/** Errors, warnings and limits of batteries and charger-station units, when the condition starts. */
const isAlertable = (record: EventRecord): record is AlertableEvent =>
  record.deviceClass !== 'charger' && record.event.type !== 'info' && record.event.active;

/**
 * Matches newly stored events against the active rules of their sites and writes the mails into the
 * outbox in the same transaction (docs/decisions/013-alerts-and-mail.md). Per rule, at most
 * `mailsPerWindow` mails per window; the rest are counted into one digest mail sent when the window ends.
 */
export function alertListener(options: AlertListenerOptions): EventListener {
  return async (tx, records) => {
    const events = records.filter(isAlertable);
    if (events.length === 0) return undefined;
    const repository = alertMatchRepository(tx);
    const siteIds = [...new Set(events.map((record) => record.operatingSiteId))];
    const rules = await repository.activeRules(siteIds);
    if (rules.length === 0) return undefined;
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

    const matches = new Map<AlertRule, AlertMailEvent[]>();
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
    if (matches.size === 0) return undefined;

    const fired = new Map<number, LiveAlert[]>();
    for (const [rule, ruleEvents] of matches) {
      const mailed = await enqueue(tx, rule, ruleEvents, options);
      const live = mailed.map((event) => toLiveAlert(event));
      fired.set(rule.operatingSiteId, [...(fired.get(rule.operatingSiteId) ?? []), ...live]);
    }
    return () => options.onFired(fired);
  };
}

/** Writes the rule's mails within its window's allowance, the rest into the digest; answers those mailed. */
async function enqueue(
  tx: Queryable,
  rule: AlertRule,
  events: AlertMailEvent[],
  options: AlertListenerOptions,
): Promise<AlertMailEvent[]> {
  const outbox = alertOutboxRepository(tx);
  const locked = await outbox.lockWindow(rule.id);
  const window =
    locked.window && locked.now < locked.window.endsAt
      ? locked.window
      : { startedAt: locked.now, endsAt: new Date(locked.now.getTime() + options.windowMs), mails: 0, digestId: null };
  const mailed = events.slice(0, Math.max(0, options.mailsPerWindow - window.mails));
  const held = events.slice(mailed.length);
  await outbox.addMails(rule.id, mailed, rule.emails, rule.language);
  window.mails += mailed.length;
  if (held.length > 0) {
    window.digestId ??= await outbox.createDigest(rule.id, window.endsAt, rule.emails, rule.language);
    await outbox.addToDigest(window.digestId, held);
  }
  await outbox.saveWindow(rule.id, window);
  return mailed;
}

const toLiveAlert = (event: AlertMailEvent): LiveAlert => ({
  alertId: event.alertId,
  product: event.product,
  alertName: event.alertName,
  serialNumber: event.serialNumber,
  deviceName: event.deviceName,
  type: event.type,
  code: event.code,
  description: event.description,
  ts: event.ts,
});
