import type { Command } from '@cbm/contracts/device-protocol';
import {
  announceOnline,
  answerSimpleCommand,
  type DeviceContext,
  type HostedDevice,
  publishSample,
} from './hosted-device';
import { advanceMdload, type MdloadSim, mdloadTelemetry } from './mdload-sim';

/** A charger-station unit on the fleet's transport. */
export function mdloadDevice(sim: MdloadSim, context: DeviceContext): HostedDevice {
  const address = { deviceClass: 'mdload', serial: sim.spec.mdloadSerial } as const;
  let announced = false;
  const simulateToNow = () => {
    for (const event of advanceMdload(sim, context.clock.now())) context.transport.publish(address, 'event', event);
  };
  return {
    address,
    announce() {
      announced = true;
      announceOnline(context, address);
    },
    tick() {
      if (!announced) this.announce();
      simulateToNow();
      publishSample(context, address, () => mdloadTelemetry(sim));
    },
    command(command: Command) {
      answerSimpleCommand(context, address, command, () => {
        simulateToNow();
        publishSample(context, address, () => mdloadTelemetry(sim), true);
      });
    },
  };
}
