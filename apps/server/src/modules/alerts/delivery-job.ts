import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { isPermanentMailError, type MailTransport } from '../mail/mail-transport';
import { type RenderedMail, renderDigestMail, renderEventMail } from './alert-mail';
import { type ClaimedDelivery, deliveryRepository } from './delivery-repository';

export interface DeliveryJobOptions {
  db: Database;
  transport: MailTransport;
  publicUrl: string;
  /** Host part of the Message-IDs. */
  messageIdHost: string;
  /** Delay before the first retry; it doubles with each failed attempt, up to an hour. */
  retryMs: number;
  log: FastifyBaseLogger;
  pollMs?: number;
  batchSize?: number;
}

const MAX_RETRY_MS = 3_600_000;

/** The Message-ID of a delivery: the same on every attempt. */
export const messageIdOf = (deliveryId: number, host: string) => `<cbm-alert-${deliveryId}@${host}>`;

/**
 * Sends the alert outbox: claims due mails, sends each, and marks it sent only after the mail server
 * accepted it. A failure is retried with back-off (a 5xx refusal is final); a crash leaves the claim to
 * run out, so the mail is sent later, never lost.
 */
export class DeliveryJob {
  private readonly deliveries;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;

  constructor(private readonly options: DeliveryJobOptions) {
    this.deliveries = deliveryRepository(options.db);
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Something was queued: send it now rather than at the next poll. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.runOnce().finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        const again = this.again;
        this.again = false;
        this.schedule(again ? 0 : (this.options.pollMs ?? 1000));
      });
    }, delayMs);
  }

  /** One round: every due mail, batch by batch. */
  async runOnce(): Promise<void> {
    const batchSize = this.options.batchSize ?? 20;
    try {
      for (;;) {
        const claimed = await this.deliveries.claim(batchSize);
        for (const delivery of claimed) await this.deliver(delivery);
        if (claimed.length < batchSize || this.stopped) return;
      }
    } catch (error) {
      this.options.log.error({ err: error }, 'alert delivery round failed');
    }
  }

  private async deliver(delivery: ClaimedDelivery): Promise<void> {
    const mail = await this.render(delivery);
    if (!mail) {
      await this.deliveries.retryLater(delivery.id, 1000, 'digest window still open');
      return;
    }
    try {
      await this.options.transport.send({
        messageId: messageIdOf(delivery.id, this.options.messageIdHost),
        to: delivery.recipient,
        date: delivery.createdAt,
        ...mail,
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (isPermanentMailError(error)) {
        this.options.log.error({ delivery: delivery.id, reason }, 'alert mail refused by the mail server');
        await this.deliveries.markFailed(delivery.id, reason);
      } else {
        const delay = Math.min(this.options.retryMs * 2 ** (delivery.attempts - 1), MAX_RETRY_MS);
        this.options.log.warn({ delivery: delivery.id, reason, retryInMs: delay }, 'alert mail not sent, will retry');
        await this.deliveries.retryLater(delivery.id, delay, reason);
      }
      return;
    }
    await this.deliveries.markSent(delivery.id);
  }

  private async render(delivery: ClaimedDelivery): Promise<RenderedMail | undefined> {
    const { publicUrl } = this.options;
    if (delivery.kind === 'event' && delivery.payload) {
      return renderEventMail(delivery.payload, delivery.language, publicUrl);
    }
    const digest = delivery.digestId === null ? undefined : await this.deliveries.closedDigest(delivery.digestId);
    const first = digest?.sample[0];
    if (!digest || !first) return undefined;
    return renderDigestMail(
      first,
      { count: digest.count, sample: digest.sample, from: new Date(first.ts), to: digest.endsAt },
      delivery.language,
      publicUrl,
    );
  }
}
