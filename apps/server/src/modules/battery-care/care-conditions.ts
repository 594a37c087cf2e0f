import type { AlarmCondition, CareAlarmMetric } from '@cbm/contracts/alarms';
import type { Queryable } from '../../db/database';
import { batteryCareRepository } from './battery-care-repository';
import { DAY_MS, isDeepSleep, PARKING_MS } from './care-facts';
import { lifecycleRepository } from './lifecycle-repository';
import { dayOf } from './projection';
import { lifecyclesOf } from './replacement-service';

export type CareCondition = Extract<AlarmCondition, { metric: CareAlarmMetric }>;

/** A battery that meets a care rule's condition now: its value and since when it holds. */
export interface CareFinding {
  value: number;
  since: Date;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * The site's batteries (these serials; all: empty) that meet the care condition now (decision 134): a parking
 * spell that is a deep-sleep risk as the care counter counts it, or a SoH 80 % projection within the rule's days.
 */
export function careFindings(
  db: Queryable,
  siteId: number,
  condition: CareCondition,
  serials: readonly string[],
  now: Date,
): Promise<Map<string, CareFinding>> {
  return condition.metric === 'deepSleepRisk'
    ? deepSleepFindings(db, siteId, serials)
    : endOfLifeFindings(db, siteId, condition.days, serials, now);
}

/** Value: the days parked so far; since: when the spell passed its 7 days. */
async function deepSleepFindings(db: Queryable, siteId: number, serials: readonly string[]) {
  const found = new Map<string, CareFinding>();
  for (const spell of await batteryCareRepository(db).parkedNow(siteId, serials)) {
    if (!isDeepSleep(spell.firstMs, spell.newestMs)) continue;
    const value = round1((spell.newestMs - spell.firstMs) / DAY_MS);
    found.set(spell.serialNumber, { value, since: new Date(spell.firstMs + PARKING_MS) });
  }
  return found;
}

/** Value: the days left until the lifecycle's SoH 80 % projection, 0 when reached. */
async function endOfLifeFindings(db: Queryable, siteId: number, days: number, serials: readonly string[], now: Date) {
  const found = new Map<string, CareFinding>();
  const today = now.toISOString().slice(0, 10);
  const chosen = serials.length > 0 ? serials : await lifecycleRepository(db).serialsAt(siteId);
  const batteries = chosen.map((serialNumber) => ({ serialNumber }));
  for (const { battery, lifecycle } of await lifecyclesOf(db, siteId, batteries, today)) {
    const { status, date } = lifecycle.soh.projection;
    const left = status === 'reached' ? 0 : status === 'projected' && date ? dayOf(date) - dayOf(today) : null;
    if (left !== null && left <= days) found.set(battery.serialNumber, { value: left, since: now });
  }
  return found;
}
