import type { RightSizing } from '@cbm/contracts/battery-care';
import type { StatisticsBattery } from '@cbm/contracts/statistics';
import type { DayRange } from '../statistics/periods';
import type { HourInUse } from './right-sizing-repository';

/** Right-sizing over the range's hours (docs/reports.md, "Right-sizing"). */
export function rightSizing(
  range: DayRange,
  hours: readonly HourInUse[],
  batteries: readonly StatisticsBattery[],
  used: ReadonlySet<string>,
): RightSizing {
  const localHour = new Intl.DateTimeFormat('en-GB', { timeZone: range.timeZone, hour: '2-digit', hourCycle: 'h23' });
  const byHourOfDay = Array.from({ length: 24 }, (_, hour) => ({ hour, peak: 0 }));
  let peak: HourInUse | undefined;
  for (const row of hours) {
    if (row.inUse > (peak?.inUse ?? 0)) peak = row;
    const slot = byHourOfDay[Number(localHour.format(row.hour))];
    if (slot) slot.peak = Math.max(slot.peak, row.inUse);
  }
  const { timeZone, firstDate, lastDate } = range;
  return {
    timeZone,
    firstDate,
    lastDate,
    fleetSize: batteries.length,
    peak: peak ? { inUse: peak.inUse, hour: new Date(peak.hour).toISOString() } : null,
    byHourOfDay,
    unused: batteries.filter((battery) => !used.has(battery.serialNumber)),
  };
}
