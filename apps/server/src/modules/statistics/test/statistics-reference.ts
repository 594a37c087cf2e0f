import { AVAILABILITY_SOC_THRESHOLD, START_SOC_BUCKETS } from '@cbm/contracts/constants';
import type { StatisticsGranularity } from '@cbm/contracts/statistics';
import type { RollupPoint } from '../../battery-days/attribution';
import { co2KgText, hoursText, kwhText, roundHalfUp } from '../../figures/figure-decimals';

/**
 * Test-only reference: statistics straight from raw samples, without the roll-up code or tables. It
 * follows the rules of docs/decisions/006-rollups.md (an interval belongs to its earlier sample; gaps
 * over `maxGapMs` are offline; counter deltas, 0 when a counter went down, spread in proportion to time
 * with cumulative floor shares) and cuts intervals at every quarter hour, giving each piece to the
 * local date of its start, so it needs no knowledge of where a zone's days begin.
 */
const QUARTER_MS = 15 * 60_000;

export interface ReferenceDay {
  chargedUkwh: number;
  dischargedUkwh: number;
  operatingMs: number;
  lowSocMs: number;
}

export interface ReferenceSession {
  serial: string;
  date: string;
  startSoc: number;
}

export const localDate = (timeZone: string) => {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return (ms: number) => format.format(ms);
};

/** Per local date of `timeZone`: one battery's figures. */
export function referenceDays(points: readonly RollupPoint[], timeZone: string, maxGapMs: number) {
  const dateOf = localDate(timeZone);
  const days = new Map<string, ReferenceDay>();
  const day = (date: string) => {
    let entry = days.get(date);
    if (!entry) {
      entry = { chargedUkwh: 0, dischargedUkwh: 0, operatingMs: 0, lowSocMs: 0 };
      days.set(date, entry);
    }
    return entry;
  };
  for (let n = 1; n < points.length; n++) {
    const [a, b] = [points[n - 1] as RollupPoint, points[n] as RollupPoint];
    const duration = b.ts - a.ts;
    const offline = duration > maxGapMs;
    const charged = Math.max(0, b.chargedUkwh - a.chargedUkwh);
    const discharged = Math.max(0, b.dischargedUkwh - a.dischargedUkwh);
    const share = (total: number, at: number) =>
      at === b.ts ? total : Number((BigInt(total) * BigInt(at - a.ts)) / BigInt(duration));
    for (let start = a.ts; start < b.ts; ) {
      const end = Math.min(b.ts, (Math.floor(start / QUARTER_MS) + 1) * QUARTER_MS);
      const entry = day(dateOf(start));
      entry.chargedUkwh += share(charged, end) - share(charged, start);
      entry.dischargedUkwh += share(discharged, end) - share(discharged, start);
      if (!offline) {
        entry.operatingMs += end - start;
        if (a.soc < AVAILABILITY_SOC_THRESHOLD) entry.lowSocMs += end - start;
      }
      start = end;
    }
  }
  return days;
}

/** Charge sessions: a charging sample after a non-charging one, after a gap, or first. */
export function referenceSessions(serial: string, points: readonly RollupPoint[], timeZone: string, maxGapMs: number) {
  const dateOf = localDate(timeZone);
  const sessions: ReferenceSession[] = [];
  points.forEach((point, n) => {
    const previous = points[n - 1];
    const starts =
      point.state === 'charging' &&
      (previous === undefined || previous.state !== 'charging' || point.ts - previous.ts > maxGapMs);
    if (starts) sessions.push({ serial, date: dateOf(point.ts), startSoc: point.soc });
  });
  return sessions;
}

export function referencePeriod(date: string, granularity: StatisticsGranularity): string {
  if (granularity === 'day') return date;
  if (granularity === 'month') return `${date.slice(0, 7)}-01`;
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() - ((at.getUTCDay() + 6) % 7));
  return at.toISOString().slice(0, 10);
}

/** A decimal as PostgreSQL's trim_scale writes it into the JSON: no trailing zeros, no exponent. */
export function jsonDecimal(text: string): string {
  if (!text.includes('.')) return text;
  let end = text.length;
  while (text[end - 1] === '0') end--;
  return text.slice(0, text[end - 1] === '.' ? end - 1 : end);
}

/**
 * Figures of the API from summed day figures, as the exact decimal texts the JSON must carry: kWh and kg
 * unrounded (µkWh, 9 places for kg), hours rounded half up to 2 decimals once (docs/reports.md).
 */
export function energyFigures(sum: ReferenceDay): Record<string, string> {
  return {
    chargedKwh: jsonDecimal(kwhText(sum.chargedUkwh, 6)),
    dischargedKwh: jsonDecimal(kwhText(sum.dischargedUkwh, 6)),
    co2Kg: jsonDecimal(co2KgText(sum.chargedUkwh, 9)),
    lowSocHours: jsonDecimal(hoursText(sum.lowSocMs, 2)),
    availableHours: jsonDecimal(hoursText(sum.operatingMs - sum.lowSocMs, 2)),
    operatingHours: jsonDecimal(hoursText(sum.operatingMs, 2)),
  };
}

const STRING = '"(?:[^"\\\\]|\\\\.)*"';
const SERIES = new RegExp(`\\{"key":(${STRING}),"label":${STRING},"values":\\{([^}]*)\\}\\}`, 'g');

/**
 * The figures of a statistics answer as the JSON text writes them, per series key and metric: what a
 * double (JSON.parse) would hide — float noise, digits beyond the rounding — stays visible.
 */
export function figureTexts(json: string): Map<string, Record<string, string[]>> {
  const texts = new Map<string, Record<string, string[]>>();
  for (const [, key, values] of json.matchAll(SERIES)) {
    texts.set(JSON.parse(key as string), Object.fromEntries(metricLists(values ?? '')));
  }
  return texts;
}

/** A start SoC (float8) as PostgreSQL turns it into numeric: 15 significant digits, scaled to 10^-SOC_SCALE. */
const SOC_SCALE = 15n;
const socDecimal = (soc: number): bigint => {
  const [whole = '0', fraction = ''] = soc.toPrecision(15).split('.');
  return BigInt(whole + fraction) * 10n ** (SOC_SCALE - BigInt(fraction.length));
};

/**
 * Bucket counts and the box plot as the JSON writes them: quantiles linear between ranks (as percentile_cont)
 * computed exactly, min, quartiles and max rounded half up to 2 decimals; null without sessions.
 */
export function startSocFigures(socs: readonly number[]): Record<string, string> {
  const sorted = [...socs].sort((x, y) => x - y);
  const exact = sorted.map(socDecimal);
  const box = (quarters: number): string => {
    if (exact.length === 0) return 'null';
    // Position quarters × (n − 1) / 4: the value 4 × lower + (upper − lower) × remainder, over 4 × 10^scale.
    const position = quarters * (exact.length - 1);
    const low = Math.floor(position / 4);
    const lower = exact[low] as bigint;
    const upper = exact[Math.min(low + 1, exact.length - 1)] as bigint;
    const value = 4n * lower + (upper - lower) * BigInt(position % 4);
    return jsonDecimal(roundHalfUp(value, 4n * 10n ** SOC_SCALE, 2));
  };
  const bucket = (soc: number) =>
    START_SOC_BUCKETS.findIndex((limit, n) => soc < limit || n === START_SOC_BUCKETS.length - 1);
  const counts = [0, 0, 0, 0, 0];
  for (const soc of sorted) counts[bucket(soc)] = (counts[bucket(soc)] ?? 0) + 1;
  const [below20, below40, below60, below80, upTo100] = counts.map(String);
  return {
    below20: below20 as string,
    below40: below40 as string,
    below60: below60 as string,
    below80: below80 as string,
    upTo100: upTo100 as string,
    min: box(0),
    q1: box(1),
    median: box(2),
    q3: box(3),
    max: box(4),
  };
}

/** `"metric":[n,n,…],…` as each metric and its numbers' texts (a scan: no pattern that could backtrack). */
function metricLists(values: string): [string, string[]][] {
  const lists: [string, string[]][] = [];
  for (let at = 0, open = values.indexOf('":[', at); open >= 0; open = values.indexOf('":[', at)) {
    const close = values.indexOf(']', open);
    const list = values.slice(open + 3, close);
    lists.push([values.slice(values.indexOf('"', at) + 1, open), list ? list.split(',') : []]);
    at = close + 1;
  }
  return lists;
}
