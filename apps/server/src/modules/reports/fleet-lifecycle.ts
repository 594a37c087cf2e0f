import type { CareBattery } from '@cbm/contracts/battery-care';
import type { ReplacementPlan } from '@cbm/contracts/battery-lifecycle';
import type { Queryable } from '../../db/database';
import { careOfBatteries } from '../battery-care/battery-care-service';
import { replacementPlanOf } from '../battery-care/replacement-service';
import { statisticsService } from '../statistics/statistics-service';
import type { ReportPeriod } from './report-local-date';

/** How many of the care ranking's worst batteries the fleet report names. */
export const FLEET_REPORT_WORST_CARE = 5;

/** The fleet report's lifecycle section: the replacement plan as of today and the period's worst care scores. */
export interface FleetLifecycle {
  plan: ReplacementPlan;
  worstCare: CareBattery[];
}

/**
 * The site's replacement plan and care ranking exactly as the Battery care page's API answers them
 * (GET /battery/Care/replacement; GET /battery/Care over the report's local dates in the site's zone).
 */
export async function fleetLifecycle(
  db: Queryable,
  siteId: number,
  timeZone: string,
  period: ReportPeriod,
  today: string,
): Promise<FleetLifecycle> {
  const batteries = await statisticsService(db).chosenBatteries(siteId, [], { all: true });
  const plan = await replacementPlanOf(db, siteId, batteries, today);
  const { firstDate, lastDate, fromMs: startMs, toMs: endMs } = period;
  const care = await careOfBatteries(db, siteId, { timeZone, firstDate, lastDate, startMs, endMs }, batteries);
  const scored = care.batteries.filter((battery) => battery.careScore !== null);
  return { plan, worstCare: scored.slice(0, FLEET_REPORT_WORST_CARE) };
}
