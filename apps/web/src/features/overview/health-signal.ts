import { healthState, isLowSoc, stationState } from '@cbm/contracts/fleet-health';
import type { LiveBattery, LiveEvent, LiveMdload } from '@cbm/contracts/live-stream';

/** What of a battery's live state the overview's figures and needs-attention list count. */
const batteryKey = (battery: LiveBattery) =>
  [healthState(battery), isLowSoc(battery), battery.currentErrorCode ?? '', battery.lastErrorAt ?? ''].join('|');

/**
 * Which live events change the overview (decisions 044, 045): any alarm change, a battery whose live state, low SoC
 * or errors changed and a charger-station unit whose state changed — not every new reading. A device seen for the
 * first time counts as changed.
 */
export function healthSignal(): (event: LiveEvent, data: unknown) => boolean {
  const seen = new Map<string, string>();
  const changed = (device: string, key: string) => {
    if (seen.get(device) === key) return false;
    seen.set(device, key);
    return true;
  };
  return (event, data) => {
    if (event === 'alarm') return true;
    if (event === 'battery') {
      const battery = data as LiveBattery;
      return changed(`battery ${battery.batterySerialNumber}`, batteryKey(battery));
    }
    if (event === 'mdload') {
      const unit = data as LiveMdload;
      return changed(`mdload ${unit.mdLoadSerial}`, stationState(unit));
    }
    return false;
  };
}
