import { CARE_EVIDENCE_MAX, type CareCounters, type CareEvidence } from '@cbm/contracts/battery-care';
import { type CareFact, type CarePoint, careFacts, factAt, isHot } from './care-facts';

const iso = (ms: number) => new Date(ms).toISOString();
const push = <T>(list: T[], item: T) => {
  if (list.length < CARE_EVIDENCE_MAX) list.push(item);
};

export const noCareCounters = (): CareCounters => ({
  onlineMs: 0,
  deepDischarges: 0,
  hotMs: 0,
  hotChargingMs: 0,
  deepSleepRisks: 0,
  opportunityCharges: 0,
});

/** An online interval cut to [startMs, endMs); empty where it lies outside. */
const cut = (fact: { from: number; to: number }, startMs: number, endMs: number) => ({
  from: Math.max(fact.from, startMs),
  to: Math.min(fact.to, endMs),
});

/** Adds one fact, cut to [startMs, endMs), to the counters; whether any of it lies inside. */
export function countFact(counters: CareCounters, fact: CareFact, startMs: number, endMs: number): boolean {
  if (fact.kind === 'online') {
    const { from, to } = cut(fact, startMs, endMs);
    if (to <= from) return false;
    counters.onlineMs += to - from;
    if (isHot(fact.point)) counters.hotMs += to - from;
    if (isHot(fact.point) && fact.point.state === 'charging') counters.hotChargingMs += to - from;
    return true;
  }
  const at = factAt(fact);
  if (at < startMs || at >= endMs) return false;
  if (fact.kind === 'deepDischarge') counters.deepDischarges++;
  else if (fact.kind === 'opportunityCharge') counters.opportunityCharges++;
  else counters.deepSleepRisks++;
  return true;
}

/**
 * The care counters of one battery over [startMs, endMs) (docs/reports.md, "Care counters"), with the samples
 * each came from. `points` are its samples at the site, by time: every one from `startMs - PARKING_MS` to `endMs`,
 * the last one before and the first one at or after `endMs`.
 */
export function careCounters(points: readonly CarePoint[], startMs: number, endMs: number) {
  const counters = noCareCounters();
  const evidence: CareEvidence = { deepDischarges: [], hotSpells: [], deepSleepRisks: [], opportunityCharges: [] };
  const spells: { from: number; to: number; max: number }[] = [];
  for (const fact of careFacts(points)) {
    if (!countFact(counters, fact, startMs, endMs)) continue;
    if (fact.kind === 'online' && isHot(fact.point)) {
      const hot = cut(fact, startMs, endMs);
      const spell = spells.at(-1);
      const celsius = fact.point.maxCellTemperature;
      if (spell?.to === hot.from) [spell.to, spell.max] = [hot.to, Math.max(spell.max, celsius)];
      else push(spells, { ...hot, max: celsius });
    } else if (fact.kind === 'deepDischarge') {
      push(evidence.deepDischarges, { at: iso(fact.point.ts), soc: fact.point.soc });
    } else if (fact.kind === 'opportunityCharge') {
      push(evidence.opportunityCharges, { at: iso(fact.point.ts), soc: fact.point.soc });
    } else if (fact.kind === 'deepSleep') {
      push(evidence.deepSleepRisks, { from: iso(fact.first.ts), through: iso(fact.through), soc: fact.first.soc });
    }
  }
  evidence.hotSpells = spells.map((hot) => ({ from: iso(hot.from), to: iso(hot.to), maxCellTemperature: hot.max }));
  return { counters, evidence };
}
