import { COMMAND_RETRY_MAX_MS, topicFor } from '@cbm/contracts/device-protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../../db/database';
import type { PeriodicJob } from '../../jobs/job-scheduler';
import type { DeviceTransport } from '../device-broker/device-transport';
import { commandDeliveryRepository } from './command-delivery-repository';

/** What other modules say about commands of theirs (updates: a firmwareUpdate whose job is over). */
export interface CommandDeliveryListener {
  /** Of these commands without an answer, those no longer wanted: they are not sent again. */
  unwanted(db: Queryable, ids: readonly string[]): Promise<string[]>;
  /** These commands were given up without an answer (inside the transaction that gave them up). */
  unanswered(tx: Queryable, ids: readonly string[]): Promise<void>;
}

/** The most commands one run sends again. */
const BATCH = 500;
/** A replica that died while sending hands the job over this soon (its lease in job_lease runs out). */
const LEASE_MS = 10_000;

export interface RedeliveryOptions {
  db: Database;
  transport: () => DeviceTransport | undefined;
  listeners: readonly CommandDeliveryListener[];
  firstRetryMs: number;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * Commands are delivered at least once until the device answers (decision 072): every second, on whichever replica
 * holds the job's lease, the commands past their deadline end unanswered, and those without a reply whose time
 * came are published again with their own id (the device applies a command once).
 */
export function commandRedeliveryJob({ db, transport, listeners, firstRetryMs, log }: RedeliveryOptions): PeriodicJob {
  async function run() {
    await db.transaction(async (tx) => {
      const expired = await commandDeliveryRepository(tx).expire();
      if (expired.length > 0) for (const listener of listeners) await listener.unanswered(tx, expired);
    });
    const channel = transport();
    if (!channel) return;
    const commands = commandDeliveryRepository(db);
    let due = await commands.due(BATCH);
    for (const listener of listeners) {
      const unwanted = new Set(
        await listener.unwanted(
          db,
          due.map((command) => command.id),
        ),
      );
      await commands.settle([...unwanted]);
      due = due.filter((command) => !unwanted.has(command.id));
    }
    const sent: string[] = [];
    for (const command of due) {
      try {
        await channel.publish(
          topicFor(command.deviceClass, command.serialNumber, 'cmd'),
          JSON.stringify(command.command),
        );
        sent.push(command.id);
      } catch (error) {
        log.warn({ err: error, commandId: command.id }, 'command not sent again; the next run tries');
        break;
      }
    }
    await commands.sentAgain(sent, firstRetryMs, COMMAND_RETRY_MAX_MS);
  }
  return { name: 'command-redelivery', everyMs: 1000, leaseMs: LEASE_MS, run };
}
