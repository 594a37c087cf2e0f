import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import {
  type Command,
  commandSchema,
  type DeviceClass,
  REMOTE_DEBUGGING_MS,
  topicFor,
} from '@cbm/contracts/device-protocol';
import type { Database } from '../../db/database';
import { HttpError } from '../../http-error';
import type { DeviceTransport } from '../device-broker/device-transport';
import { answerDeadline } from './command-delivery';
import type { ReplyRecord, SentCommand, StoredReply } from './command-records';
import { commandRepository } from './command-repository';

type WithoutEnvelope<C> = C extends Command ? Omit<C, 'id' | 'issuedAt' | 'until'> : never;
/** A command as callers ask for it; the service adds id and time (and the one-hour end of remote debugging). */
export type CommandRequest = WithoutEnvelope<Command>;

export interface SendOptions {
  deviceClass?: DeviceClass;
  issuedBy?: number | null;
}

export interface WaitOptions {
  timeoutMs?: number;
}

/** The command with its id and time (and the one-hour end of remote debugging), validated. */
function envelope(deviceClass: DeviceClass, serial: string, request: CommandRequest): SentCommand {
  const issuedAt = new Date();
  const command = commandSchema.parse({
    ...request,
    id: randomUUID(),
    issuedAt: issuedAt.toISOString(),
    ...(request.type === 'remoteDebugging'
      ? { until: new Date(issuedAt.getTime() + REMOTE_DEBUGGING_MS).toISOString() }
      : {}),
  });
  const expiresAt = answerDeadline(command, issuedAt);
  return { id: command.id, deviceClass, serialNumber: serial, type: command.type, command, issuedAt, expiresAt };
}

/** In a deployment with several processes the reply may be stored by another one: look this often. */
const POLL_MS = 1000;
const DEFAULT_TIMEOUT_MS = 60_000;

/** Sends commands to devices and lets callers await their replies or fresh telemetry. */
export class CommandService {
  private readonly wakeups = new EventEmitter().setMaxListeners(0);
  private readonly waiting = new Set<() => void>();
  private readonly commands: ReturnType<typeof commandRepository>;

  constructor(
    db: Database,
    private readonly transport: () => DeviceTransport | undefined,
    /** The first time a command without a reply goes out again (COMMAND_RETRY_SECONDS). */
    private readonly firstRetryMs: number,
  ) {
    this.commands = commandRepository(db);
  }

  /**
   * Persists the command, then publishes it on the device's `cmd` topic (QoS 1); until the device answers, the
   * command-redelivery job sends it again (decision 072).
   */
  async sendCommand(serial: string, request: CommandRequest, options: SendOptions = {}): Promise<SentCommand> {
    const transport = this.requireTransport();
    const deviceClass = options.deviceClass ?? 'battery';
    if ((await this.commands.lastDataTimestamp(deviceClass, serial)) === undefined) {
      throw new HttpError(404, 'devices.notFound', 'errors.unknownDevice', { serial });
    }
    const sent = envelope(deviceClass, serial, request);
    await this.commands.insert(sent, options.issuedBy ?? null, this.firstRetryMs);
    await transport.publish(topicFor(deviceClass, serial, 'cmd'), JSON.stringify(sent.command));
    return sent;
  }

  /**
   * Many commands at once (a campaign's run, decision 046): one look-up of the devices, one insert, then a publish
   * each. Answers the sent commands in the order asked, undefined for a device the platform does not know.
   */
  async sendCommands(
    requests: readonly { serial: string; request: CommandRequest }[],
    options: SendOptions = {},
  ): Promise<(SentCommand | undefined)[]> {
    const transport = this.requireTransport();
    const deviceClass = options.deviceClass ?? 'battery';
    const known = await this.commands.knownDevices(
      deviceClass,
      requests.map(({ serial }) => serial),
    );
    const sent = requests.map(({ serial, request }) =>
      known.has(serial) ? envelope(deviceClass, serial, request) : undefined,
    );
    const commands = sent.filter((command) => command !== undefined);
    await this.commands.insertMany(commands, options.issuedBy ?? null, this.firstRetryMs);
    await Promise.all(
      commands.map((command) =>
        transport.publish(topicFor(deviceClass, command.serialNumber, 'cmd'), JSON.stringify(command.command)),
      ),
    );
    return sent;
  }

  private requireTransport(): DeviceTransport {
    const transport = this.transport();
    if (!transport) throw new HttpError(503, 'devices.channelUnavailable', 'errors.deviceChannelUnavailable');
    return transport;
  }

  /** The command's latest reply once one satisfies `accept` (by default any); null after the time-out. */
  awaitReply(
    commandId: string,
    options: WaitOptions & { accept?: (reply: StoredReply) => boolean } = {},
  ): Promise<StoredReply | null> {
    const accept = options.accept ?? (() => true);
    return this.waitFor(`reply:${commandId}`, options.timeoutMs, async () => {
      const reply = await this.commands.latestReply(commandId);
      return reply && accept(reply) ? reply : undefined;
    });
  }

  /** The device's last data timestamp once it is newer than `after`; null after the time-out. */
  awaitData(serial: string, after: Date | null, options: WaitOptions & { deviceClass?: DeviceClass } = {}) {
    const deviceClass = options.deviceClass ?? 'battery';
    return this.waitFor(`data:${deviceClass}|${serial}`, options.timeoutMs, async () => {
      const latest = await this.commands.lastDataTimestamp(deviceClass, serial);
      return latest && (!after || latest > after) ? latest : undefined;
    });
  }

  /** Asks the device for fresh telemetry and waits for it: the live view's "update data". */
  async refresh(serial: string, options: WaitOptions & SendOptions = {}): Promise<Date | null> {
    const before = await this.commands.lastDataTimestamp(options.deviceClass ?? 'battery', serial);
    await this.sendCommand(serial, { type: 'refresh' }, options);
    return this.awaitData(serial, before ?? null, options);
  }

  /** Wakes the waiters a committed batch concerns: its new replies, and the devices (`class|serial`) that sent telemetry. */
  notify(outcome: { replies: readonly ReplyRecord[]; telemetryFrom: ReadonlySet<string> }): void {
    for (const { command } of outcome.replies) this.wakeups.emit(`reply:${command.id}`);
    for (const device of outcome.telemetryFrom) this.wakeups.emit(`data:${device}`);
  }

  /** Ends every wait (with null), so that closing the server does not wait for devices. */
  close(): void {
    for (const finish of [...this.waiting]) finish();
  }

  private waitFor<T>(event: string, timeoutMs = DEFAULT_TIMEOUT_MS, check: () => Promise<T | undefined>) {
    return new Promise<T | null>((resolve) => {
      let checking = false;
      let recheck = false;
      const finish = (value: T | null = null) => {
        clearInterval(poll);
        clearTimeout(timer);
        this.wakeups.off(event, look);
        this.waiting.delete(finish);
        resolve(value);
      };
      const look = async () => {
        if (checking) {
          recheck = true;
          return;
        }
        checking = true;
        try {
          const value = await check();
          if (value !== undefined) return finish(value);
        } catch {
          // the next wake-up or poll looks again
        } finally {
          checking = false;
        }
        if (recheck && this.waiting.has(finish)) {
          recheck = false;
          await look();
        }
      };
      const poll = setInterval(look, POLL_MS);
      const timer = setTimeout(finish, timeoutMs);
      this.waiting.add(finish);
      this.wakeups.on(event, look);
      void look();
    });
  }
}
