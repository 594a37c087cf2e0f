import { PROJECTION_HORIZON_YEARS, PROJECTION_MIN_DAYS, type Projection } from '@cbm/contracts/battery-lifecycle';

/** A figure on a day (days since 1970-01-01). */
export interface DayValue {
  day: number;
  value: number;
}

const DAY_MS = 86_400_000;
const MAX_POINTS = 150;
const Z95 = 1.96;
const dateOf = (day: number) => new Date(Math.round(day) * DAY_MS).toISOString().slice(0, 10);
export const dayOf = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);

/** The calendar date `months` later (the 31st into a shorter month runs over, as Date does). */
export function addMonths(date: string, months: number): string {
  const moved = new Date(`${date}T00:00:00Z`);
  moved.setUTCMonth(moved.getUTCMonth() + months);
  return moved.toISOString().slice(0, 10);
}
const median = (sorted: readonly number[]) => {
  const middle = sorted.length / 2;
  return sorted.length % 2
    ? (sorted[Math.floor(middle)] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/** Every `step`-th point, the last always: Theil–Sen takes all pairs, so a year of days is thinned to 150. */
function thinned(points: readonly DayValue[]): readonly DayValue[] {
  if (points.length <= MAX_POINTS) return points;
  const step = points.length / MAX_POINTS;
  return Array.from(
    { length: MAX_POINTS },
    (_, n) => points[Math.min(points.length - 1, Math.round((n + 1) * step) - 1)] as DayValue,
  );
}

/**
 * Theil–Sen: the median of all pairwise slopes, robust to the odd wrong SoH reading, with Sen's 95 % confidence
 * bounds (the slopes at ranks (N ∓ C)/2, C = z·√(n(n−1)(2n+5)/18)).
 */
export function senSlope(points: readonly DayValue[]) {
  const used = thinned(points);
  const slopes: number[] = [];
  for (let i = 0; i < used.length; i++) {
    for (let j = i + 1; j < used.length; j++) {
      const a = used[i] as DayValue;
      const b = used[j] as DayValue;
      if (b.day !== a.day) slopes.push((b.value - a.value) / (b.day - a.day));
    }
  }
  slopes.sort((a, b) => a - b);
  const n = used.length;
  const c = Z95 * Math.sqrt((n * (n - 1) * (2 * n + 5)) / 18);
  const rank = (r: number) => slopes[Math.min(slopes.length - 1, Math.max(0, Math.round(r) - 1))] as number;
  const slope = median(slopes);
  const lineAt = (s: number) => median(used.map((point) => point.value - s * point.day).sort((a, b) => a - b));
  return { slope, low: rank((slopes.length - c) / 2), high: rank((slopes.length + c) / 2 + 1), lineAt };
}

/**
 * When the figure's line, `rising` to `target` (a counter to its limit) or falling to it (SoH to end of life),
 * reaches it, from the points (at least PROJECTION_MIN_DAYS days over as many). `today` is the day after the last
 * data when that is later; a figure already there is `reached` (also one past it since its first point).
 */
export function projectCrossing(
  points: readonly DayValue[],
  target: number,
  today: number,
  direction: 'rising' | 'falling',
): Projection {
  const first = points[0];
  const last = points.at(-1);
  const basis = { from: first ? dateOf(first.day) : null, to: last ? dateOf(last.day) : null, days: points.length };
  const none = { date: null, earliest: null, latest: null };
  if (!first || !last || points.length < PROJECTION_MIN_DAYS || last.day - first.day < PROJECTION_MIN_DAYS) {
    return { status: 'notEnoughHistory', ...none, basis: { ...basis, perYear: null } };
  }
  const rising = direction === 'rising';
  if (rising ? last.value >= target : last.value <= target) {
    return { status: 'reached', ...none, basis: { ...basis, perYear: null } };
  }
  const { slope, low, high, lineAt } = senSlope(points);
  const crossing = (s: number) => {
    if (rising ? s <= 0 : s >= 0) return null;
    const day = Math.max(today, (target - lineAt(s)) / s);
    return day - today > PROJECTION_HORIZON_YEARS * 365.25 ? null : dateOf(day);
  };
  const date = crossing(slope);
  const [fast, slow] = rising ? [high, low] : [low, high];
  return {
    status: date ? 'projected' : 'noTrend',
    date,
    earliest: crossing(fast),
    latest: date ? crossing(slow) : null,
    basis: { ...basis, perYear: slope * 365.25 },
  };
}
