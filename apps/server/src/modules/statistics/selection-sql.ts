import { UNGROUPED } from '@cbm/contracts/battery-groups';
import type { StatisticsGranularity, StatisticsGroupBy } from '@cbm/contracts/statistics';
import type { DayRange } from './periods';
import type { AddParameter } from './statistics-figure-sql';

export interface Selection {
  siteId: number;
  range: DayRange;
  granularity: StatisticsGranularity;
  groupBy: StatisticsGroupBy;
  /** The group ids (and UNGROUPED) or serials of the selection; ignored for 'organization'. */
  keys: readonly (string | number)[];
}

/** Each row's series key; the battery row is `b`, the day, hour or session row `src`. */
export const KEY_SQL: Record<StatisticsGroupBy, string> = {
  organization: `'organization'`,
  group: `coalesce(b.group_id::text, '${UNGROUPED}')`,
  serial: 'src.serial',
};

/** Ungrouped are the site's batteries without a group now; one that moved away counts in no group here. */
function groupFilter(selection: Selection, add: AddParameter): string {
  const groups = `b.group_id = ANY(${add(
    selection.keys.filter((key) => key !== UNGROUPED),
    'int[]',
  )})`;
  if (!selection.keys.includes(UNGROUPED)) return `AND ${groups}`;
  return `AND (${groups} OR (b.group_id IS NULL AND b.operating_site_id = ${add(selection.siteId, 'int')}))`;
}

export function selectionFilter(selection: Selection, add: AddParameter): string {
  if (selection.groupBy === 'group') return groupFilter(selection, add);
  if (selection.groupBy === 'serial') return `AND src.serial = ANY(${add(selection.keys, 'text[]')})`;
  return '';
}
