import type { Command, CommandReply } from '@cbm/contracts/device-protocol';
import type { Clock } from '../clock';
import type { CommandAnswers } from '../commands/command-answers';
import type { DeviceAddress, FleetCounters, Transport } from '../transport/transport';

/** A simulated device attached to the fleet's transport. */
export interface HostedDevice {
  address: DeviceAddress;
  /** Publishes retained status (online) and info. */
  announce(): void;
  /** Simulates up to the clock's now and publishes what is due. */
  tick(): void;
  command(command: Command): void;
}

export interface DeviceContext {
  transport: Transport;
  clock: Clock;
  counters: FleetCounters;
  /** The fleet's devices' applied commands and their latest replies (a copy is answered, not applied again). */
  answers: CommandAnswers;
}

export function reply(
  context: DeviceContext,
  address: DeviceAddress,
  id: string,
  result: CommandReply['result'],
  extra: Pick<CommandReply, 'jobStatus' | 'detail'> = {},
) {
  const payload: CommandReply = { id, ts: new Date(context.clock.now()).toISOString(), result, ...extra };
  context.answers.answered(payload);
  context.transport.publish(address, 'cmd/reply', payload);
}

/** Retained status online and, for batteries, retained info. */
export function announceOnline(context: DeviceContext, address: DeviceAddress, info?: unknown) {
  const ts = new Date(context.clock.now()).toISOString();
  context.transport.publish(address, 'status', { online: true, ts }, true);
  if (info) context.transport.publish(address, 'info', info, true);
}

/** Telemetry is skipped while the connection is congested; counted so a load test sees it. */
export function publishSample(context: DeviceContext, address: DeviceAddress, sample: () => unknown, force = false) {
  if (!force && context.transport.congested(address)) {
    context.counters.skipped++;
    return undefined;
  }
  const payload = sample();
  context.transport.publish(address, 'telemetry', payload);
  return payload;
}

/** Chargers and charger-station units only refresh; the other commands are for batteries. */
export function answerSimpleCommand(
  context: DeviceContext,
  address: DeviceAddress,
  command: Command,
  refresh: () => void,
) {
  if (command.type !== 'refresh') {
    reply(context, address, command.id, 'rejected', {
      detail: `${command.type} is not supported by a ${address.deviceClass}`,
    });
    return;
  }
  refresh();
  reply(context, address, command.id, 'done');
}
