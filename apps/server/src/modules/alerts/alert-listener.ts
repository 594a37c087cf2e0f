import type { LiveAlert } from '@cbm/contracts/alerts';
import type { EventListener } from '../device-ingestion/event-listener';
import type { AlertMailEvent } from './alert-mail-event';
import { matchAlertEvents } from './alert-match-service';
import { enqueueAlertMails, type MailLimits } from './alert-service';

export interface AlertListenerOptions extends MailLimits {
  /** After the commit: the alerts that mailed, per site (desktop notifications, waking the sender). */
  onFired(fired: Map<number, LiveAlert[]>): void;
}

/**
 * Matches newly stored events against the active rules of their sites and writes the mails into the
 * outbox in the same transaction (docs/decisions/013-alerts-and-mail.md). Per rule, at most
 * `mailsPerWindow` mails per window; the rest are counted into one digest mail sent when the window ends.
 */
export function alertListener(options: AlertListenerOptions): EventListener {
  return async (tx, records) => {
    const matches = await matchAlertEvents(tx, records);
    if (matches.size === 0) return undefined;

    const fired = new Map<number, LiveAlert[]>();
    for (const [rule, ruleEvents] of matches) {
      const mailed = await enqueueAlertMails(tx, rule, ruleEvents, options);
      const live = mailed.map((event) => toLiveAlert(event));
      fired.set(rule.operatingSiteId, [...(fired.get(rule.operatingSiteId) ?? []), ...live]);
    }
    return () => options.onFired(fired);
  };
}

/** Pushed to browsers as a desktop notification. */
const toLiveAlert = (event: AlertMailEvent): LiveAlert => ({
  alertId: event.alertId,
  product: event.product,
  alertName: event.alertName,
  serialNumber: event.serialNumber,
  deviceName: event.deviceName,
  type: event.type === 'error' || event.type === 'warning' ? event.type : 'limit',
  code: event.code,
  description: event.description,
  ts: event.ts,
});
