import { BATTERY_LIVE_STATUSES, type BatteryLiveStatus } from './device-protocol';
import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };

/**
 * The live view's search (decision 039): a part of the name or serial number, ignoring case, or the states the
 * text names. The server searches the list and the CSV by it, the web app the list it already holds.
 */

/** Shorter texts would find states in parts of names ('ha' in 'charging'), so they search names only. */
export const STATUS_SEARCH_MIN_LENGTH = 3;

/**
 * The states a search text names: the text begins a state's label in English or German, or its name
 * ('off' → offline, 'Fehler' → error), whatever the language of the request.
 */
export function statusesMatching(search: string | undefined): BatteryLiveStatus[] {
  const text = search?.trim().toLocaleLowerCase() ?? '';
  if (text.length < STATUS_SEARCH_MIN_LENGTH) return [];
  return BATTERY_LIVE_STATUSES.filter((status) =>
    [status, en.batteryStatus[status], de.batteryStatus[status]].some((label) =>
      label.toLocaleLowerCase().startsWith(text),
    ),
  );
}
