import type { BatterySpec, ChargerSpec, FleetDevices } from '../specs/device-specs';

/** The shape of the server's demo fleet (apps/server/src/demo/demo-fleet.ts) that the simulator needs. */
export interface DemoFleetInput {
  batteries: (Omit<BatterySpec, 'timezone'> & { siteId: number; iotModuleOff?: boolean })[];
  chargers: ChargerSpec[];
  mdloadUnits: {
    siteId: number;
    mdloadSerial: string;
    maxPowerKw: number;
    groups: { stations: { serialNumber: string; batteryModel: string }[] }[];
  }[];
}

export interface BatteryModelInput {
  type: string;
  capacityAh: number;
  nominalVoltage: number;
}

/**
 * Turns the demo fleet into simulated devices; each site's time zone drives its shifts. A battery whose IoT
 * module is switched off is not simulated: it stays offline and answers no command.
 */
export function fleetDevicesFromDemo(
  fleet: DemoFleetInput,
  timezoneOfSite: (siteId: number) => string,
  models: readonly BatteryModelInput[],
): FleetDevices {
  const modelOf = (type: string) => {
    const model = models.find((candidate) => candidate.type === type) ?? models[0];
    if (!model) throw new Error('fleetDevicesFromDemo needs the battery models');
    return model;
  };
  return {
    batteries: fleet.batteries
      .filter((battery) => !battery.iotModuleOff)
      .map(({ siteId, iotModuleOff: _off, ...battery }) => ({ ...battery, timezone: timezoneOfSite(siteId) })),
    chargers: fleet.chargers.map(({ serialNumber, maxPowerKw }) => ({ serialNumber, maxPowerKw })),
    mdloadUnits: fleet.mdloadUnits.map((unit) => ({
      mdloadSerial: unit.mdloadSerial,
      timezone: timezoneOfSite(unit.siteId),
      maxPowerKw: unit.maxPowerKw,
      stations: unit.groups.flatMap((group) =>
        group.stations.map((station) => {
          const { capacityAh, nominalVoltage } = modelOf(station.batteryModel);
          return { serialNumber: station.serialNumber, capacityAh, nominalVoltage };
        }),
      ),
    })),
  };
}
