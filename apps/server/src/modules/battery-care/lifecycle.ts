import { END_OF_LIFE_SOH, type Lifecycle, PROJECTION_BASIS_DAYS } from '@cbm/contracts/battery-lifecycle';
import type { LifecycleBattery, LifecycleDay } from './lifecycle-repository';
import { addMonths, type DayValue, dayOf, projectCrossing } from './projection';

const HOUR_MS = 3_600_000;
const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
const basisOf = (points: DayValue[]) => points.slice(-PROJECTION_BASIS_DAYS);

/** Running totals by day that end at `total` (a lifetime counter) or start at 0. */
function cumulative(days: readonly LifecycleDay[], amount: (day: LifecycleDay) => number, total?: number) {
  let sum = total ?? days.reduce((all, day) => all + amount(day), 0);
  const points: DayValue[] = [];
  for (const day of [...days].reverse()) {
    points.push({ day: dayOf(day.date), value: sum });
    sum -= amount(day);
  }
  return points.reverse();
}

const monthsBetween = (from: string, to: string) =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 +
  Number(to.slice(5, 7)) -
  Number(from.slice(5, 7)) -
  (to.slice(8) < from.slice(8) ? 1 : 0);

/** A battery's lifecycle from its day rows and limits (docs/reports.md, "Lifecycle"). */
export function lifecycleOf(
  serialNumber: string,
  battery: LifecycleBattery,
  days: LifecycleDay[],
  today: string,
): Lifecycle {
  const todayDay = dayOf(today);
  const sohSeries = days.flatMap((day) => (day.soh === null ? [] : [{ date: day.date, soh: day.soh }]));
  const sohPoints = sohSeries.map((point) => ({ day: dayOf(point.date), value: point.soh }));
  const dischargedKwh = battery.dischargedUkwh === null ? null : battery.dischargedUkwh / 1_000_000;
  const energy = cumulative(days, (day) => day.dischargedKwh, dischargedKwh ?? undefined);
  const hours = cumulative(days, (day) => day.operatingMs / HOUR_MS);
  const operatingHours = hours.at(-1)?.value ?? 0;
  const { limitKwh, limitHours, limitMonths, productionDate, nominalEnergyKwh } = battery;
  const unlimited = projectCrossing([], 0, todayDay, 'rising');
  return {
    serialNumber,
    sohSeries,
    soh: {
      current: sohSeries.at(-1)?.soh ?? null,
      endOfLife: END_OF_LIFE_SOH,
      projection: projectCrossing(basisOf(sohPoints), END_OF_LIFE_SOH, todayDay, 'falling'),
    },
    energy: {
      dischargedKwh: dischargedKwh === null ? null : round(dischargedKwh, 3),
      equivalentFullCycles:
        dischargedKwh !== null && nominalEnergyKwh ? round(dischargedKwh / nominalEnergyKwh, 1) : null,
      limitKwh,
      projection: limitKwh ? projectCrossing(basisOf(energy), limitKwh, todayDay, 'rising') : unlimited,
    },
    hours: {
      operatingHours: round(operatingHours, 2),
      since: days[0]?.date ?? null,
      limitHours,
      projection: limitHours ? projectCrossing(basisOf(hours), limitHours, todayDay, 'rising') : unlimited,
    },
    months: {
      months: productionDate ? monthsBetween(productionDate, today) : null,
      limitMonths,
      limitDate: productionDate && limitMonths ? addMonths(productionDate, limitMonths) : null,
    },
  };
}
