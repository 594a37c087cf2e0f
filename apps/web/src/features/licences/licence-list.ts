import { type DeviceLicence, LICENCE_EXPIRY_WARNING_DAYS } from '@cbm/contracts/licences';

export type LicenceState = 'expired' | 'expiring' | 'valid' | 'unlimited';

export interface LicenceStatus {
  state: LicenceState;
  /** Days from today to the end date (negative once it has passed); undefined without an end date. */
  days?: number;
}

const MS_PER_DAY = 86_400_000;
const dayNumber = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`) / MS_PER_DAY;

/**
 * The end date is the last day the licence is valid: expired from the day after, expiring when it ends
 * within 30 days (spec: soon-expiring licences stand out). `today` is the user's local date, YYYY-MM-DD.
 */
export function licenceStatus(eoLDate: string | null, today: string): LicenceStatus {
  if (eoLDate === null) return { state: 'unlimited' };
  const days = dayNumber(eoLDate) - dayNumber(today);
  if (days < 0) return { state: 'expired', days };
  return { state: days <= LICENCE_EXPIRY_WARNING_DAYS ? 'expiring' : 'valid', days };
}

export type LicenceSortKey = 'displayId' | 'hardwareSerialNumber' | 'battery' | 'eoLDate';
export interface LicenceSort {
  key: LicenceSortKey;
  descending: boolean;
}

const sortValue = (device: DeviceLicence, key: LicenceSortKey) =>
  key === 'battery' ? (device.batteryName ?? device.batterySerialNumber ?? '') : (device[key] ?? '');

/** Devices matching the search (any of their ids or their battery), in the chosen order; no end date last. */
export function visibleLicences(devices: readonly DeviceLicence[], search: string, sort: LicenceSort) {
  const needle = search.trim().toLowerCase();
  const found = devices.filter((device) =>
    [device.displayId, device.hardwareSerialNumber, device.batterySerialNumber, device.batteryName].some((text) =>
      text?.toLowerCase().includes(needle),
    ),
  );
  const direction = sort.descending ? -1 : 1;
  return found.sort((a, b) => {
    if (sort.key === 'eoLDate' && (a.eoLDate === null) !== (b.eoLDate === null)) return a.eoLDate === null ? 1 : -1;
    const order = sortValue(a, sort.key).localeCompare(sortValue(b, sort.key), undefined, { numeric: true });
    return order === 0 ? a.displayId.localeCompare(b.displayId) : order * direction;
  });
}
