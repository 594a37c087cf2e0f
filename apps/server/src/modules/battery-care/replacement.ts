import {
  type Lifecycle,
  type Projection,
  REPLACEMENT_HORIZONS_MONTHS,
  type ReplacementBattery,
  type ReplacementPlan,
  type ReplacementReason,
} from '@cbm/contracts/battery-lifecycle';
import type { StatisticsBattery } from '@cbm/contracts/statistics';
import { addMonths } from './projection';

/** When a battery falls due, and why: the earliest of its SoH end of life and its operating limits. */
export interface Due {
  reason: ReplacementReason;
  status: 'reached' | 'projected';
  date: string;
  earliest: string | null;
  latest: string | null;
}

const fromProjection = (reason: ReplacementReason, projection: Projection, today: string): Due | undefined => {
  if (projection.status === 'reached') return { reason, status: 'reached', date: today, earliest: null, latest: null };
  if (projection.status !== 'projected' || !projection.date) return undefined;
  return {
    reason,
    status: 'projected',
    date: projection.date,
    earliest: projection.earliest,
    latest: projection.latest,
  };
};

/** The earliest way the battery's service ends (undefined: nothing projected within the horizon). */
export function dueOf(lifecycle: Lifecycle, today: string): Due | undefined {
  const limitDate = lifecycle.months.limitDate;
  const candidates = [
    fromProjection('soh', lifecycle.soh.projection, today),
    fromProjection('energy', lifecycle.energy.projection, today),
    fromProjection('hours', lifecycle.hours.projection, today),
    limitDate
      ? {
          reason: 'months' as const,
          status: limitDate <= today ? ('reached' as const) : ('projected' as const),
          date: limitDate <= today ? today : limitDate,
          earliest: null,
          latest: null,
        }
      : undefined,
  ].filter((due): due is Due => due !== undefined);
  return candidates.sort((a, b) => a.date.localeCompare(b.date))[0];
}

/** Whether nothing at all could be projected for the battery because its history is too short. */
export const tooShort = (lifecycle: Lifecycle) =>
  lifecycle.soh.projection.status === 'notEnoughHistory' && lifecycle.months.limitDate === null;

const cents = (value: number) => Math.round(value * 100) / 100;

export interface PlanInput {
  battery: StatisticsBattery;
  lifecycle: Lifecycle;
  nominalEnergyKwh: number | null;
}

/** The site's replacement plan (docs/reports.md, "Replacement plan"). */
export function replacementPlan(
  inputs: readonly PlanInput[],
  site: { currency: string; batteryPricePerKwh: number | null },
  today: string,
): ReplacementPlan {
  const longest = addMonths(today, Math.max(...REPLACEMENT_HORIZONS_MONTHS));
  const price = site.batteryPricePerKwh;
  const batteries: ReplacementBattery[] = inputs
    .flatMap(({ battery, lifecycle, nominalEnergyKwh }) => {
      const due = dueOf(lifecycle, today);
      if (!due || due.date > longest) return [];
      const cost = price === null || nominalEnergyKwh === null ? null : cents(nominalEnergyKwh * price);
      const { serialNumber, batteryName, groupName } = battery;
      return [{ serialNumber, batteryName, groupName, ...due, nominalEnergyKwh, cost }];
    })
    .sort((a, b) => a.date.localeCompare(b.date) || a.serialNumber.localeCompare(b.serialNumber));
  const horizons = REPLACEMENT_HORIZONS_MONTHS.map((months) => {
    const until = addMonths(today, months);
    const due = batteries.filter((battery) => battery.date <= until);
    const costs = due.map((battery) => battery.cost);
    const cost =
      price === null || costs.includes(null)
        ? null
        : cents(costs.reduce((sum: number, value) => sum + (value ?? 0), 0));
    return { months, until, batteries: due.length, cost };
  });
  const notEnoughHistory = inputs.filter(({ lifecycle }) => tooShort(lifecycle)).length;
  return { today, currency: site.currency, batteryPricePerKwh: price, horizons, batteries, notEnoughHistory };
}
