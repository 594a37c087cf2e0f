import { healthState, isLowSoc } from '@cbm/contracts/fleet-health';
import type { LiveBattery, LiveEvent } from '@cbm/contracts/live-stream';

/** What of a battery's live state the overview's figures and needs-attention list count. */
const healthKey = (battery: LiveBattery) =>
  [healthState(battery), isLowSoc(battery), battery.currentErrorCode ?? '', battery.lastErrorAt ?? ''].join('|');

/**
 * Which live events change the overview (decision 044): any alarm change, and a battery whose live state,
 * low SoC or errors changed — not every new reading. A battery seen for the first time counts as changed.
 */
export function healthSignal(): (event: LiveEvent, data: unknown) => boolean {
  const seen = new Map<string, string>();
  return (event, data) => {
    if (event === 'alarm') return true;
    if (event !== 'battery') return false;
    const battery = data as LiveBattery;
    const key = healthKey(battery);
    if (seen.get(battery.batterySerialNumber) === key) return false;
    seen.set(battery.batterySerialNumber, key);
    return true;
  };
}
