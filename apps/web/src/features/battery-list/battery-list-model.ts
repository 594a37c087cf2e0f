import {
  type BatteryListItem,
  type ExpectedVersions,
  outdatedVersions,
  VERSION_FIELDS,
  type VersionField,
  type Versions,
} from '@cbm/contracts/battery-list';

/** The table's columns, in order; every other entity field is in the expanded details. */
export const TABLE_COLUMNS = [
  'batterySerialNumber',
  'batteryName',
  'groupName',
  'type',
  'status',
  'soc',
  'soh',
  'stackVoltage',
  ...VERSION_FIELDS,
  'lastDataTimestamp',
  'nextService',
  'campaign',
] as const satisfies readonly (keyof BatteryListItem)[];
export type TableColumn = (typeof TABLE_COLUMNS)[number];

/** The expand toggle's width (the serial is pinned after it) and the width below which the table scrolls sideways. */
export const PINNED_COLUMNS = { toggleWidth: 44, minTableWidth: 1100 } as const;

export interface Sort {
  column: TableColumn;
  descending: boolean;
}

export const DEFAULT_SORT: Sort = { column: 'batteryName', descending: false };
export const PAGE_SIZE = 50;

const text = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** What a column sorts by: the campaign by its name. */
const sortValue = (battery: BatteryListItem, column: TableColumn) =>
  column === 'campaign' ? (battery.campaign?.name ?? null) : battery[column];

/** Numbers by value, text naturally (5.9.0 before 5.12.3, Stapler 2 before Stapler 10); empty values last. */
export function sortBatteries(batteries: readonly BatteryListItem[], sort: Sort): BatteryListItem[] {
  const direction = sort.descending ? -1 : 1;
  return [...batteries].sort((a, b) => {
    const x = sortValue(a, sort.column);
    const y = sortValue(b, sort.column);
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : text.compare(String(x), String(y));
    return order * direction || text.compare(a.batterySerialNumber, b.batterySerialNumber);
  });
}

/** Clicking the sorted column turns it around; another column sorts ascending. */
export const nextSort = (sort: Sort, column: TableColumn): Sort =>
  sort.column === column ? { column, descending: !sort.descending } : { column, descending: false };

/** The expected versions by battery type. */
export const expectedByType = (expected: ExpectedVersions | undefined): Map<string, Versions> =>
  new Map((expected ?? []).map(({ batteryType, updatedAt: _updatedAt, ...versions }) => [batteryType, versions]));

/** The battery's outdated version fields against its type's expected versions. */
export const outdatedOf = (battery: BatteryListItem, expected: Map<string, Versions>): Set<VersionField> =>
  new Set(outdatedVersions(battery, expected.get(battery.type)));

export const pageOf = <T>(items: readonly T[], page: number): T[] =>
  items.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
