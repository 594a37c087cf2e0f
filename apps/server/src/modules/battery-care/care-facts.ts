import { CARE } from '@cbm/contracts/battery-care';

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

/**
 * What the care counters count, each at the instant it belongs to (docs/reports.md, "Care counters"): an online
 * interval from a sample to the next (≤ 15 min), the sample that starts a deep discharge or an opportunity charge,
 * and a parking spell that passes its 7 days (at `first.ts + PARKING_MS`). A period counts the facts inside it and
 * cuts intervals at its edges, so that counts over whole hours add up to the count over their period.
 */
export type CareFact =
  | { kind: 'online'; from: number; to: number; point: CarePoint }
  | { kind: 'deepDischarge'; point: CarePoint }
  | { kind: 'opportunityCharge'; point: CarePoint }
  | { kind: 'deepSleep'; first: CarePoint; through: number };

export const isHot = (point: CarePoint) => point.maxCellTemperature > CARE.hotCellCelsius;
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

/** The care facts of a battery's samples at one site, by time (a spell still parked at the end runs to the last). */
export function careFacts(points: readonly CarePoint[]): CareFact[] {
  const facts: CareFact[] = [];
  let parkedSince: CarePoint | undefined;
  const endSpell = (through: number) => {
    if (parkedSince && isDeepSleep(parkedSince.ts, through))
      facts.push({ kind: 'deepSleep', first: parkedSince, through });
    parkedSince = undefined;
  };
  points.forEach((point, n) => {
    const previous = points[n - 1];
    if (startsDeepDischarge(point, previous)) facts.push({ kind: 'deepDischarge', point });
    if (startsSession(point, previous) && point.soc >= CARE.opportunityStartSoc) {
      facts.push({ kind: 'opportunityCharge', point });
    }
    if (parkedSince && !isParked(point)) endSpell(point.ts);
    else if (!parkedSince && isParked(point)) parkedSince = point;
    const next = points[n + 1];
    if (next && next.ts - point.ts <= MAX_GAP_MS) facts.push({ kind: 'online', from: point.ts, to: next.ts, point });
  });
  const last = points.at(-1);
  if (last) endSpell(last.ts);
  return facts;
}

/** The instant a fact belongs to (an interval: its start). */
export const factAt = (fact: CareFact): number =>
  fact.kind === 'online' ? fact.from : fact.kind === 'deepSleep' ? fact.first.ts + PARKING_MS : fact.point.ts;
