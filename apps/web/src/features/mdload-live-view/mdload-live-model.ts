import type { LiveMdload } from '@cbm/contracts/live-stream';
import type { MdloadLiveViewResponse, MdloadUnit } from '@cbm/contracts/mdload-live-view';

/** Replaces one unit (matched by id) with its new state; other units keep their identity. */
export function replaceUnit(data: MdloadLiveViewResponse, unit: MdloadUnit): MdloadLiveViewResponse {
  return { ...data, units: data.units.map((entry) => (entry.id === unit.id ? unit : entry)) };
}

/**
 * Merges pushed twins into the list (state rules): each updates the one unit with its mdLoadSerial in place, and
 * of its stations those the telemetry names. Unknown serials change nothing; an unchanged list keeps its identity.
 */
export function mergeLiveMdloads(data: MdloadLiveViewResponse, changes: readonly LiveMdload[]): MdloadLiveViewResponse {
  const bySerial = new Map(changes.map((change) => [change.mdLoadSerial, change]));
  let changed = false;
  const units = data.units.map((unit) => {
    const live = bySerial.get(unit.mdLoadSerial);
    if (!live) return unit;
    changed = true;
    const stations = new Map(live.stations.map((station) => [station.serialNumber, station]));
    return {
      ...unit,
      status: live.status,
      online: live.online,
      powerKw: live.powerKw,
      totalEnergyKwh: live.totalEnergyKwh,
      lastDataTimestamp: live.lastDataTimestamp,
      chargingStationGroups: unit.chargingStationGroups.map((group) => ({
        ...group,
        chargingStations: group.chargingStations.map((station) => {
          const update = stations.get(station.serialNumber);
          return update
            ? { ...station, state: update.state, powerKw: update.powerKw, lastDataTimestamp: live.lastDataTimestamp }
            : station;
        }),
      })),
    };
  });
  return changed ? { ...data, units } : data;
}
