import type { ChargerTelemetry, Command } from '@cbm/contracts/device-protocol';
import type { ChargerSlot } from '../battery/charging-points';
import {
  announceOnline,
  answerSimpleCommand,
  type DeviceContext,
  type HostedDevice,
  publishSample,
} from './hosted-device';

/** A monitored charger: reports its power and the battery on it, which the batteries' simulation sets. */
export function chargerDevice(slot: ChargerSlot, context: DeviceContext, firstSeq: number): HostedDevice {
  const address = { deviceClass: 'charger', serial: slot.spec.serialNumber } as const;
  let seq = firstSeq;
  let announced = false;
  const telemetry = (): ChargerTelemetry => ({
    seq: seq++,
    ts: new Date(context.clock.now()).toISOString(),
    state: slot.batterySerial ? 'charging' : 'idle',
    powerKw: Math.round(slot.powerKw * 100) / 100,
    batterySerial: slot.batterySerial,
  });
  return {
    address,
    announce() {
      announced = true;
      announceOnline(context, address);
    },
    tick() {
      if (!announced) this.announce();
      publishSample(context, address, telemetry);
    },
    command(command: Command) {
      answerSimpleCommand(context, address, command, () => publishSample(context, address, telemetry, true));
    },
  };
}
