import type { Channel, DeviceClass } from '@cbm/contracts/device-protocol';
import type { AcknowledgedLedger } from './acknowledged-ledger';

export interface DeviceAddress {
  deviceClass: DeviceClass;
  serial: string;
}

/** What the fleet sent and the broker acknowledged, for rates and tests. */
export interface FleetCounters {
  sent: number;
  acked: number;
  failed: number;
  /** Telemetry samples not sent because too many messages were still unacknowledged. */
  skipped: number;
  commands: number;
  /** Copies of commands applied before, answered with their latest reply instead. */
  repeatedCommands: number;
  invalidCommands: number;
  connectionLosses: number;
  /** Per battery, what the broker acknowledged (load tests). */
  ledger?: AcknowledgedLedger;
}

export const emptyCounters = (): FleetCounters => ({
  sent: 0,
  acked: 0,
  failed: 0,
  skipped: 0,
  commands: 0,
  repeatedCommands: 0,
  invalidCommands: 0,
  connectionLosses: 0,
});

/** How devices reach the broker: one connection each, or many devices sharing a few connections. */
/** MQTT credentials: a device's own (client id = username) or a gateway's, which may carry every device. */
export interface Login {
  username: string;
  password: string;
}

/** The credentials a fleet connects with (docs/decisions/021-device-registry.md); none for an open test broker. */
export interface FleetLogins {
  /** Each device's own, for one connection per device. */
  device?: (device: DeviceAddress) => Login | undefined;
  /** A gateway's, for connections shared by many devices. */
  gateway?: Login;
}

export interface Transport {
  /** Resolves once every connection has connected for the first time. */
  readonly ready: Promise<void>;
  publish(device: DeviceAddress, channel: Channel, payload: unknown, retain?: boolean): void;
  /** True while the device's connection has too many unacknowledged messages for another sample. */
  congested(device: DeviceAddress): boolean;
  /** Takes the device's network away for durationMs of simulated time; queued messages go out afterwards. */
  dropOut(device: DeviceAddress, durationMs: number): void;
  stop(): Promise<void>;
}

export interface TransportHandlers {
  onCommand(device: DeviceAddress, payload: Buffer): void;
  /** A device's connection came back after a loss: it announces itself again. */
  onReconnect(device: DeviceAddress): void;
}

export const QOS = 1;
export const RECONNECT_MS = 2_000;
