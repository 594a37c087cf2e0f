import { dailySohLoss, usageProfileOf } from '@cbm/device-model/ageing';

/** Equivalent full cycles a demo battery averages a day over a week: two or three shifts a weekday, one Saturday. */
export const DEMO_CYCLES_PER_DAY = 1.2;
/** A demo battery's use differs from its profile's mean by up to this share either way. */
export const DEMO_WEAR_SPREAD = 0.15;
const DAYS_PER_MONTH = 30;

/** SoH points a day the ageing model (decision 127) takes from a demo battery of this serial at the demo's use. */
export const demoWearPerDay = (serialNumber: string) => dailySohLoss(usageProfileOf(serialNumber), DEMO_CYCLES_PER_DAY);

/** Today's SoH of a demo battery `ageMonths` old, `intensity` (1 ± DEMO_WEAR_SPREAD) times its profile's wear. */
export const demoSoh = (serialNumber: string, ageMonths: number, intensity: number) =>
  Math.max(0, 100 - demoWearPerDay(serialNumber) * ageMonths * DAYS_PER_MONTH * intensity);

/** The SoH a demo battery lost a day on average over its life: the slope its history declines by. */
export const sohDeclinePerDay = (battery: { soh: number; totalOperatingMonths: number }) =>
  (100 - battery.soh) / (battery.totalOperatingMonths * DAYS_PER_MONTH);
