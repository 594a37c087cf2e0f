import { PROJECTION_BASIS_DAYS, PROJECTION_MIN_DAYS } from '@cbm/contracts/battery-lifecycle';
import { type DayValue, senSlope } from '../../apps/server/src/modules/battery-care/projection';
import { type SimulatedBattery, simulatedFleet } from './care/simulated-fleet';
import { SMOKE, setting } from './smoke';

/**
 * SoH projection backtest (issue 51, decision 127): walk-forward over a simulated fleet whose SoH comes from the
 * ageing model (the known truth). At every 30th day, each method sees the BMS's daily readings so far and
 * predicts SoH 30, 90 and 180 days ahead; the error is against the true SoH then. The product's projection is the
 * lifecycle's (projection.ts: Theil–Sen over the newest 365 days with data); the baseline is the naive linear
 * trend, a least-squares line through the whole history. The goal: the projection beats the baseline at 90 days.
 */
const HORIZONS = [30, 90, 180] as const;
const ORIGIN_STEP_DAYS = 30;

/** The product's projection: the lifecycle's Theil–Sen line through the newest 365 days, read at `day`. */
function projection(points: readonly DayValue[], day: number): number {
  const { slope, lineAt } = senSlope(points.slice(-PROJECTION_BASIS_DAYS));
  return lineAt(slope) + slope * day;
}

/** The naive baseline: ordinary least squares through every reading so far. */
function linearTrend(points: readonly DayValue[], day: number): number {
  const n = points.length;
  const meanX = points.reduce((sum, p) => sum + p.day, 0) / n;
  const meanY = points.reduce((sum, p) => sum + p.value, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const p of points) {
    sxy += (p.day - meanX) * (p.value - meanY);
    sxx += (p.day - meanX) ** 2;
  }
  const slope = sxx === 0 ? 0 : sxy / sxx;
  return meanY + slope * (day - meanX);
}

const METHODS = { projection, linearTrend } as const;
type Method = keyof typeof METHODS;

/** Absolute errors in SoH points, by method and horizon. */
function walkForward(fleet: readonly SimulatedBattery[]): Record<Method, Map<number, number[]>> {
  const errors = {
    projection: new Map(HORIZONS.map((h) => [h, [] as number[]])),
    linearTrend: new Map(HORIZONS.map((h) => [h, [] as number[]])),
  };
  for (const battery of fleet) {
    const points = battery.reported.map((value, day) => ({ day, value }));
    for (let origin = PROJECTION_MIN_DAYS * 2; origin < points.length; origin += ORIGIN_STEP_DAYS) {
      const seen = points.slice(0, origin);
      for (const horizon of HORIZONS) {
        const target = origin - 1 + horizon;
        const truth = battery.truth[target];
        if (truth === undefined) continue;
        for (const method of Object.keys(METHODS) as Method[]) {
          errors[method].get(horizon)?.push(Math.abs(METHODS[method](seen, target) - truth));
        }
      }
    }
  }
  return errors;
}

const mean = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) / Math.max(values.length, 1);
const p90 = (values: readonly number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length * 0.9)] ?? NaN;

export async function benchCareBacktest(): Promise<void> {
  const batteries = setting('BENCH_CARE_BATTERIES', 120, 8);
  const days = setting('BENCH_CARE_DAYS', 4 * 365, 400);
  const fleet = simulatedFleet(batteries, days, 51);
  const errors = walkForward(fleet);
  console.log(`${batteries} simulated batteries over ${days} days, forecasts from every ${ORIGIN_STEP_DAYS}th day`);
  console.log('horizon  forecasts  projection MAE (P90)  linear trend MAE (P90)   SoH points');
  for (const horizon of HORIZONS) {
    const ours = errors.projection.get(horizon) ?? [];
    const naive = errors.linearTrend.get(horizon) ?? [];
    const cell = (values: number[]) => `${mean(values).toFixed(3)} (${p90(values).toFixed(3)})`.padEnd(22);
    console.log(`${String(horizon).padStart(4)} d  ${String(ours.length).padStart(9)}  ${cell(ours)}  ${cell(naive)}`);
  }
  const at90 = mean(errors.projection.get(90) ?? []);
  const baseline90 = mean(errors.linearTrend.get(90) ?? []);
  const verdict = at90 < baseline90 ? 'beats' : 'does NOT beat';
  console.log(
    `90 days ahead the projection ${verdict} the linear trend: ${at90.toFixed(3)} vs ${baseline90.toFixed(3)}`,
  );
  if (!SMOKE && at90 >= baseline90) process.exitCode = 1;
}
