import type { ReplacementPlan } from '@cbm/contracts/battery-lifecycle';
import type { StatisticsBattery } from '@cbm/contracts/statistics';
import type { Queryable } from '../../db/database';
import { lifecycleOf } from './lifecycle';
import { lifecycleRepository } from './lifecycle-repository';
import { type PlanInput, replacementPlan } from './replacement';

/** The replacement plan of the site's batteries: each battery's lifecycle, then the plan over them. */
export async function replacementPlanOf(
  db: Queryable,
  siteId: number,
  batteries: readonly StatisticsBattery[],
  today: string,
): Promise<ReplacementPlan> {
  const lifecycles = lifecycleRepository(db);
  const inputs: PlanInput[] = [];
  for (const battery of batteries) {
    const row = await lifecycles.battery(battery.serialNumber, siteId);
    if (!row) continue;
    const lifecycle = lifecycleOf(battery.serialNumber, row, await lifecycles.days(battery.serialNumber), today);
    inputs.push({ battery, lifecycle, nominalEnergyKwh: row.nominalEnergyKwh });
  }
  return replacementPlan(inputs, await lifecycles.sitePrice(siteId), today);
}
