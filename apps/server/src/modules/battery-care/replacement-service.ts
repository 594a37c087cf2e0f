import type { Lifecycle, ReplacementPlan } from '@cbm/contracts/battery-lifecycle';
import type { StatisticsBattery } from '@cbm/contracts/statistics';
import type { Queryable } from '../../db/database';
import { lifecycleOf } from './lifecycle';
import { lifecycleRepository } from './lifecycle-repository';
import { replacementPlan } from './replacement';

/** Each battery's lifecycle at the site (one no longer there is left out), with its nominal energy. */
export async function lifecyclesOf<Battery extends { serialNumber: string }>(
  db: Queryable,
  siteId: number,
  batteries: readonly Battery[],
  today: string,
): Promise<{ battery: Battery; lifecycle: Lifecycle; nominalEnergyKwh: number | null }[]> {
  const lifecycles = lifecycleRepository(db);
  const found = [];
  for (const battery of batteries) {
    const row = await lifecycles.battery(battery.serialNumber, siteId);
    if (!row) continue;
    const lifecycle = lifecycleOf(battery.serialNumber, row, await lifecycles.days(battery.serialNumber), today);
    found.push({ battery, lifecycle, nominalEnergyKwh: row.nominalEnergyKwh });
  }
  return found;
}

/** The replacement plan of the site's batteries: each battery's lifecycle, then the plan over them. */
export async function replacementPlanOf(
  db: Queryable,
  siteId: number,
  batteries: readonly StatisticsBattery[],
  today: string,
): Promise<ReplacementPlan> {
  const inputs = await lifecyclesOf(db, siteId, batteries, today);
  return replacementPlan(inputs, await lifecycleRepository(db).sitePrice(siteId), today);
}
