import type { LiveViewBattery } from '@cbm/contracts/live-view';
import { statusesMatching } from '@cbm/contracts/live-view-search';

const keysOf = new WeakMap<readonly LiveViewBattery[], string[]>();

/**
 * Each battery's name and serial in lower case, worked out at the list's first search, not while it loads, and
 * kept with the list: a keystroke then only compares.
 */
function searchKeys(batteries: readonly LiveViewBattery[]) {
  let keys = keysOf.get(batteries);
  if (!keys) {
    keys = batteries.map((battery) => `${battery.batteryName}\n${battery.batterySerialNumber}`.toLowerCase());
    keysOf.set(batteries, keys);
  }
  return keys;
}

/**
 * The batteries the search finds, by the server's rule (decision 039): a part of the name or serial number,
 * ignoring case, or a state the text names.
 */
export function searchBatteries(batteries: readonly LiveViewBattery[], search: string): readonly LiveViewBattery[] {
  const text = search.trim().toLowerCase();
  if (text === '') return batteries;
  const keys = searchKeys(batteries);
  const statuses = new Set<string>(statusesMatching(text));
  return batteries.filter((battery, index) => (keys[index] as string).includes(text) || statuses.has(battery.status));
}
