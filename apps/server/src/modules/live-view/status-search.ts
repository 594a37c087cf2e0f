import { BATTERY_LIVE_STATUSES, type BatteryLiveStatus } from '@cbm/contracts/device-protocol';
import { translate } from '../../i18n/messages';

/** Shorter texts would find states in parts of names ('ha' in 'charging'), so they search names only. */
export const STATUS_SEARCH_MIN_LENGTH = 3;

/**
 * The states a search text names (decision 039): the text begins a state's label in English or German, or its
 * name ('off' → offline, 'Fehler' → error), whatever the language of the request.
 */
export function statusesMatching(search: string | undefined): BatteryLiveStatus[] {
  const text = search?.trim().toLocaleLowerCase() ?? '';
  if (text.length < STATUS_SEARCH_MIN_LENGTH) return [];
  return BATTERY_LIVE_STATUSES.filter((status) =>
    [status, translate('en', `batteryStatus.${status}`), translate('de', `batteryStatus.${status}`)].some((label) =>
      label.toLocaleLowerCase().startsWith(text),
    ),
  );
}
