import { CARE, CARE_EVIDENCE_MAX, type CareCounters, type CareEvidence } from '@cbm/contracts/battery-care';

/** The sample fields the care counters read. */
export interface CarePoint {
  ts: number;
  state: string;
  soc: number;
  maxCellTemperature: number;
}

export const DAY_MS = 86_400_000;
const MAX_GAP_MS = CARE.maxGapMinutes * 60_000;
/** How far before the period a deep-sleep spell may start and still pass its 7 days inside it. */
export const PARKING_MS = CARE.parkingDays * DAY_MS;

/** States in which a battery is at work, never parked. */
export const WORKING_STATES: readonly string[] = ['charging', 'discharging'];

const iso = (ms: number) => new Date(ms).toISOString();
const isHot = (point: CarePoint) => point.maxCellTemperature > CARE.hotCellCelsius;
/** Parked: neither charging nor discharging, SoC below CARE.parkingSoc (the repository's parkedNow asks the same). */
const isParked = (point: CarePoint) => !WORKING_STATES.includes(point.state) && point.soc < CARE.parkingSoc;

/** A parking spell from its first sample to `through` is a deep-sleep risk once it lasts longer than 7 days. */
export const isDeepSleep = (firstMs: number, throughMs: number) => throughMs - firstMs > PARKING_MS;
/** The first sample below the deep-discharge SoC (the first of all counts too). */
const startsDeepDischarge = (point: CarePoint, previous: CarePoint | undefined) =>
  point.soc < CARE.deepDischargeSoc && (previous === undefined || previous.soc >= CARE.deepDischargeSoc);
/** A charge session starts as the roll-ups say: a charging sample first, after another state or after a gap. */
const startsSession = (point: CarePoint, previous: CarePoint | undefined) =>
  point.state === 'charging' &&
  (previous === undefined || previous.state !== 'charging' || point.ts - previous.ts > MAX_GAP_MS);
const push = <T>(list: T[], item: T) => {
  if (list.length < CARE_EVIDENCE_MAX) list.push(item);
};

/**
 * The care counters of one battery over [startMs, endMs) (docs/reports.md, "Care counters"). `points` are its
 * samples at the site, by time: every one from `startMs - PARKING_MS` to `endMs`, the last one before and the
 * first one at or after `endMs`. An interval belongs to its earlier sample and is cut at the period's edges.
 */
export function careCounters(points: readonly CarePoint[], startMs: number, endMs: number) {
  const counters: CareCounters = {
    onlineMs: 0,
    deepDischarges: 0,
    hotMs: 0,
    hotChargingMs: 0,
    deepSleepRisks: 0,
    opportunityCharges: 0,
  };
  const evidence: CareEvidence = { deepDischarges: [], hotSpells: [], deepSleepRisks: [], opportunityCharges: [] };
  const inPeriod = (ms: number) => ms >= startMs && ms < endMs;
  const spells: { from: number; to: number; max: number }[] = [];
  let parkedSince: CarePoint | undefined;

  /** A parking spell from `first` until `through` counts where it passes its 7 days. */
  const countSleep = (first: CarePoint, through: number) => {
    if (!isDeepSleep(first.ts, through) || !inPeriod(first.ts + PARKING_MS)) return;
    counters.deepSleepRisks++;
    push(evidence.deepSleepRisks, { from: iso(first.ts), through: iso(through), soc: first.soc });
  };

  const countOnline = (point: CarePoint, next: CarePoint) => {
    const from = Math.max(point.ts, startMs);
    const to = Math.min(next.ts, endMs);
    if (to <= from) return;
    counters.onlineMs += to - from;
    if (isHot(point)) countHot(point, from, to);
  };

  const countHot = (point: CarePoint, from: number, to: number) => {
    counters.hotMs += to - from;
    if (point.state === 'charging') counters.hotChargingMs += to - from;
    const spell = spells.at(-1);
    if (spell?.to === from) {
      spell.to = to;
      spell.max = Math.max(spell.max, point.maxCellTemperature);
    } else push(spells, { from, to, max: point.maxCellTemperature });
  };

  points.forEach((point, n) => {
    const previous = points[n - 1];
    if (inPeriod(point.ts) && startsDeepDischarge(point, previous)) {
      counters.deepDischarges++;
      push(evidence.deepDischarges, { at: iso(point.ts), soc: point.soc });
    }
    if (inPeriod(point.ts) && startsSession(point, previous) && point.soc >= CARE.opportunityStartSoc) {
      counters.opportunityCharges++;
      push(evidence.opportunityCharges, { at: iso(point.ts), soc: point.soc });
    }
    if (parkedSince && !isParked(point)) {
      countSleep(parkedSince, point.ts);
      parkedSince = undefined;
    } else if (!parkedSince && isParked(point)) parkedSince = point;
    const next = points[n + 1];
    if (next && next.ts - point.ts <= MAX_GAP_MS) countOnline(point, next);
  });
  const last = points.at(-1);
  if (parkedSince && last) countSleep(parkedSince, last.ts);

  evidence.hotSpells = spells.map((hot) => ({ from: iso(hot.from), to: iso(hot.to), maxCellTemperature: hot.max }));
  return { counters, evidence };
}
