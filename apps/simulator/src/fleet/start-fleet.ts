import { commandSchema } from '@cbm/contracts/device-protocol';
import { createBatterySim } from '../battery/battery-sim';
import { chargerPool } from '../battery/charging-points';
import { type Clock, realClock } from '../clock';
import { CommandAnswers } from '../commands/command-answers';
import { DEFAULT_FIRMWARE_TIMING, type FirmwareFaults, type FirmwareTiming } from '../commands/firmware-job';
import { BatteryDevice, type DropOuts } from '../devices/battery-device';
import { chargerDevice } from '../devices/charger-device';
import type { DeviceContext, HostedDevice } from '../devices/hosted-device';
import { mdloadDevice } from '../devices/mdload-device';
import { createMdloadSim } from '../devices/mdload-sim';
import type { FleetDevices } from '../specs/device-specs';
import type { AcknowledgedLedger } from '../transport/acknowledged-ledger';
import { dedicatedTransport } from '../transport/dedicated-transport';
import { sharedTransport } from '../transport/shared-transport';
import {
  type DeviceAddress,
  emptyCounters,
  type FleetCounters,
  type FleetLogins,
  type Transport,
} from '../transport/transport';
import { startPacer } from './pacer';

export interface FleetOptions {
  brokerUrl: string;
  devices: FleetDevices;
  /** Simulated time between two samples of a device (default 10 s). */
  intervalMs?: number;
  /** Simulated seconds per real second (default 1); ignored when a clock is given. */
  speed?: number;
  clock?: Clock;
  /** Share this many connections between all devices (load tests); default: one connection per device. */
  connections?: number;
  /** Client ids are `{prefix}-{class}-{serial}`, or `{prefix}-shared-{n}` when shared (default `cbm-sim`). */
  clientIdPrefix?: string;
  /** Credentials (a registered device's client id is its username, a gateway's `{username}:{n}`). */
  logins?: FleetLogins;
  /** Random network drop-outs per device (default: every 3 days for about 4 minutes; never when shared). */
  dropOuts?: DropOuts | null;
  firmwareTiming?: Partial<FirmwareTiming>;
  /** Installs that fail on purpose (default: none). */
  firmwareFaults?: FirmwareFaults;
  /** Recent samples a battery keeps for a datalog upload (default 360: an hour at 10 s). */
  datalogSamples?: number;
  /** Counts per battery what the broker acknowledged (load tests). */
  ledger?: AcknowledgedLedger;
  onError?: (error: unknown) => void;
}

export interface FleetHandle {
  /** Resolves once every connection has connected once. */
  ready: Promise<void>;
  counters: FleetCounters;
  clock: Clock;
  batteries: ReadonlyMap<string, BatteryDevice>;
  /** Takes a device's network away for a while (simulated ms), as a random drop-out does. */
  dropOut(device: DeviceAddress, durationMs: number): void;
  stop(): Promise<void>;
}

const DEFAULT_DROP_OUTS: DropOuts = { meanDaysBetween: 3, meanMinutes: 4 };

/** Starts virtual devices that speak the device protocol against an MQTT broker. */
export function startFleet(options: FleetOptions): FleetHandle {
  const clock = options.clock ?? realClock({ speed: options.speed ?? 1 });
  const counters: FleetCounters = { ...emptyCounters(), ...(options.ledger && { ledger: options.ledger }) };
  const onError = options.onError ?? ((error: unknown) => console.error('simulator:', error));
  const shared = options.connections !== undefined;
  const nowMs = clock.now();
  // A real device keeps its counter across restarts; starting from the wall clock keeps it increasing.
  const firstSeq = Date.now();
  const pool = chargerPool(options.devices.chargers ?? []);
  const hosted = new Map<string, HostedDevice>();
  const answers = new CommandAnswers();
  const batteries = new Map<string, BatteryDevice>();
  const key = (device: DeviceAddress) => `${device.deviceClass}/${device.serial}`;
  const addresses: DeviceAddress[] = [
    ...options.devices.batteries.map((spec) => ({ deviceClass: 'battery' as const, serial: spec.serialNumber })),
    ...[...pool.slots.keys()].map((serial) => ({ deviceClass: 'charger' as const, serial })),
    ...(options.devices.mdloadUnits ?? []).map((spec) => ({
      deviceClass: 'mdload' as const,
      serial: spec.mdloadSerial,
    })),
  ];
  const handlers = {
    onCommand(device: DeviceAddress, payload: Buffer) {
      counters.commands++;
      const target = hosted.get(key(device));
      const parsed = parseCommand(payload);
      if (!target || !parsed) {
        counters.invalidCommands++;
        return;
      }
      if (answers.seen(parsed.id)) {
        counters.repeatedCommands++;
        const latest = answers.latestReply(parsed.id);
        if (latest) transport.publish(device, 'cmd/reply', latest);
        return;
      }
      try {
        target.command(parsed);
      } catch (error) {
        onError(error);
      }
    },
    onReconnect: (device: DeviceAddress) => hosted.get(key(device))?.announce(),
  };
  const prefix = options.clientIdPrefix ?? 'cbm-sim';
  const transport: Transport = shared
    ? sharedTransport(
        options.brokerUrl,
        addresses,
        options.connections ?? 1,
        handlers,
        counters,
        clock,
        prefix,
        options.logins?.gateway,
      )
    : dedicatedTransport(options.brokerUrl, addresses, handlers, counters, clock, prefix, options.logins);
  const context: DeviceContext = { transport, clock, counters, answers };
  const batteryOptions = {
    points: pool,
    timing: { ...DEFAULT_FIRMWARE_TIMING, ...options.firmwareTiming },
    datalogSamples: options.datalogSamples ?? 360,
    dropOuts: shared ? null : options.dropOuts === undefined ? DEFAULT_DROP_OUTS : options.dropOuts,
    firmwareFaults: options.firmwareFaults ?? null,
  };
  for (const spec of options.devices.batteries) {
    const device = new BatteryDevice(createBatterySim(spec, nowMs, firstSeq), context, batteryOptions);
    batteries.set(spec.serialNumber, device);
    hosted.set(key(device.address), device);
  }
  for (const slot of pool.slots.values()) {
    const device = chargerDevice(slot, context, firstSeq);
    hosted.set(key(device.address), device);
  }
  for (const spec of options.devices.mdloadUnits ?? []) {
    const device = mdloadDevice(createMdloadSim(spec, nowMs, firstSeq), context);
    hosted.set(key(device.address), device);
  }
  // Devices start once connected: what they published before would be resent one message at a time.
  let stopped = false;
  let stopPacer = () => {};
  const ready = transport.ready.then(() => {
    if (!stopped) stopPacer = startPacer(clock, options.intervalMs ?? 10_000, [...hosted.values()], onError);
  });
  return {
    ready,
    counters,
    clock,
    batteries,
    dropOut: (device, durationMs) => transport.dropOut(device, durationMs),
    async stop() {
      stopped = true;
      stopPacer();
      await transport.stop();
    },
  };
}

function parseCommand(payload: Buffer) {
  try {
    const parsed = commandSchema.safeParse(JSON.parse(payload.toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
