import { buckets, type ReferenceDay, rounded } from './cross-view-reference';

/** The cross-view test's figures as text: the reference's sums formatted as the views print them. */
export type Totals = Omit<ReferenceDay, 'serial' | 'date'>;

const UKWH = 1_000_000n;
const HOUR = 3_600_000n;
export const kwh = (ukwh: number, digits: number) => rounded(BigInt(ukwh), UKWH, digits);
export const hours = (ms: number, digits: number) => rounded(BigInt(ms), HOUR, digits);
export const co2 = (ukwh: number, digits: number) => rounded(BigInt(ukwh) * 386n, UKWH * 1000n, digits);

/** The figures the English PDF should print for `sum` and the sessions' start SoCs, at `price` per kWh. */
export function reportFigures(sum: Totals, socs: number[], price: string): Record<string, string> {
  const figures: Record<string, string> = {
    charged: kwh(sum.chargedUkwh, 3),
    discharged: kwh(sum.dischargedUkwh, 3),
    cost: rounded(BigInt(sum.chargedUkwh) * BigInt(price.replace('0.', '')), UKWH * 10_000n, 2),
    co2: co2(sum.chargedUkwh, 3),
    sessions: String(socs.length),
    operating: hours(sum.operatingMs, 2),
    charging: hours(sum.chargingMs, 2),
    discharging: hours(sum.dischargingMs, 2),
    standby: hours(sum.standbyMs, 2),
    idle: hours(sum.idleMs, 2),
    error: hours(sum.errorMs, 2),
    offline: hours(sum.offlineMs, 2),
  };
  buckets(socs).forEach((count, n) => {
    figures[`bucket${n}`] = String(count);
  });
  return figures;
}
