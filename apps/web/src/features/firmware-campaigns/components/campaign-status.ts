import type { CampaignBatteryState, CampaignStatus } from '@cbm/contracts/firmware-campaigns';
import type { TFunction } from 'i18next';

export const STATUS_COLORS: Record<CampaignStatus, string> = {
  running: 'blue',
  paused: 'orange',
  cancelled: 'gray',
  completed: 'green',
};

/** A battery's state in a campaign: waiting or up to date, else its job's status in the update jobs' words. */
export const stateLabel = (t: TFunction, state: string) =>
  state === 'pending' || state === 'upToDate'
    ? t(`firmwareCampaigns.states.${state satisfies CampaignBatteryState}`)
    : t(`batteryList.jobStatus.${state}`);
