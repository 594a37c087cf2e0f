import type { Queryable } from '../../db/database';
import type { AlertMailEvent } from './alert-mail-event';
import { alertMatchRepository } from './alert-match-repository';
import type { AlertRule } from './alert-matching';
import { alertOutboxRepository } from './alert-outbox-repository';

export type { AlertMailEvent } from './alert-mail-event';

/** The rate limit of decision 013: mails a rule sends per window; more matches go to the window's digest. */
export interface MailLimits {
  mailsPerWindow: number;
  windowMs: number;
}

/** What a rule's mails need: where they go and in which language. */
export type MailRule = Pick<AlertRule, 'id' | 'emails' | 'language'>;

/**
 * Writes the rule's mails within its window's allowance into the outbox, the rest into the digest; answers
 * those mailed. Event, threshold and silence rules share this, so one rule's mails share one rate limit.
 */
export async function enqueueAlertMails(
  tx: Queryable,
  rule: MailRule,
  events: AlertMailEvent[],
  options: MailLimits,
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

/** Names of devices (batteries or charger-station units) and of sites, for mails and alarms. */
export const alertDevices = (tx: Queryable) => {
  const repository = alertMatchRepository(tx);
  return { targets: repository.targets, sites: repository.sites };
};
