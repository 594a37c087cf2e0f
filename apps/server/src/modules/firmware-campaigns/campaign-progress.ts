import type { CampaignProgress } from '@cbm/contracts/firmware-campaigns';
import type { Queryable } from '../../db/database';
import { campaignProgressRepository, type StateCount } from './campaign-progress-repository';
import { type CampaignRow, campaignRepository, toSummary } from './campaign-repository';

const tally = (counts: readonly StateCount[]) => {
  const states: Record<string, number> = {};
  for (const count of counts) states[count.state] = (states[count.state] ?? 0) + count.count;
  return states;
};
const total = (counts: readonly StateCount[]) => counts.reduce((sum, count) => sum + count.count, 0);

/** A campaign's figures: batteries per state, per wave and per site, and the failed ones with the device's reason. */
export async function campaignProgress(db: Queryable, campaign: CampaignRow): Promise<CampaignProgress> {
  const progress = campaignProgressRepository(db);
  const counts = await progress.stateCounts(campaign.id);
  const siteIds = [...new Set(counts.map((count) => count.siteId))].sort((a, b) => a - b);
  const names = await campaignRepository(db).siteNames(siteIds);
  return {
    ...toSummary(campaign),
    perState: tally(counts),
    delivery: await progress.delivery(campaign.id),
    perWave: campaign.waves.map((_, index) => {
      const wave = counts.filter((count) => count.wave === index + 1);
      return { wave: index + 1, total: total(wave), states: tally(wave) };
    }),
    perSite: siteIds.map((siteId) => {
      const site = counts.filter((count) => count.siteId === siteId);
      return { operatingSiteId: siteId, name: names.get(siteId)?.name ?? '', total: total(site), states: tally(site) };
    }),
    failed: await progress.failed(campaign.id),
  };
}
