import { seededRandom, seedFrom } from '@cbm/demo-fixtures/random';

/**
 * A simple LFP ageing model (decision 127), the known truth of the simulator, the demo history and the care
 * backtest: SoH lost in a step of use is calendar ageing plus cycle ageing, both doubling every 10 °C of cell
 * temperature above 25 °C (Arrhenius, Q10 = 2); calendar ageing grows with the SoC the cell rests at, and the
 * energy drawn below 10 % SoC wears six times as much. A pack kept at 25 °C and cycled once a day with no deep
 * discharge loses about 2.8 % a year and reaches SoH 80 % after about seven years; at 40 °C, within three.
 */
export const AGEING = {
  referenceC: 25,
  doublingC: 10,
  /** SoH points a day at 25 °C and 50 % SoC. */
  calendarPerDay: 0.002,
  /** SoH points per equivalent full cycle at 25 °C. */
  cyclePerEquivalentCycle: 0.0055,
  deepSoc: 10,
  deepFactor: 6,
  /** Share of a cycle's energy a deep drain draws below 10 % SoC. */
  deepShare: 0.05,
  /** The pack runs this much warmer than its hall per equivalent full cycle of the day, °C. */
  warmingPerCycleC: 2,
} as const;

export interface AgeingStep {
  hours: number;
  cellTemperatureC: number;
  /** The step's mean SoC in %. */
  soc: number;
  /** Energy discharged in the step ÷ nominal energy. */
  equivalentCycles: number;
}

/** SoH points (0–100 scale) a step costs. */
export function sohLoss({ hours, cellTemperatureC, soc, equivalentCycles }: AgeingStep): number {
  const heat = 2 ** ((cellTemperatureC - AGEING.referenceC) / AGEING.doublingC);
  const calendar = (hours / 24) * AGEING.calendarPerDay * heat * (0.5 + soc / 100);
  const depth = soc < AGEING.deepSoc ? AGEING.deepFactor : 1;
  return calendar + equivalentCycles * AGEING.cyclePerEquivalentCycle * heat * depth;
}

/**
 * SoH points a day of use costs a battery of this profile: `cyclesPerDay` equivalent full cycles, the pack warmer
 * than its hall by the cycles (and `extraC`: a season, a hot day), a share of the drains going below 10 % SoC.
 */
export function dailySohLoss(profile: UsageProfile, cyclesPerDay: number, extraC = 0): number {
  const cellTemperatureC = profile.ambientC + extraC + AGEING.warmingPerCycleC * cyclesPerDay;
  const deep = cyclesPerDay * profile.deepDischargeChance * AGEING.deepShare;
  return (
    sohLoss({ hours: 24, cellTemperatureC, soc: 60, equivalentCycles: cyclesPerDay - deep }) +
    sohLoss({ hours: 0, cellTemperatureC, soc: 5, equivalentCycles: deep })
  );
}

/** How a battery is used, which decides how fast it ages. */
export interface UsageProfile {
  kind: 'gentle' | 'hot' | 'deep';
  /** Mean ambient temperature of where it works, °C (a hot hall: near ovens, a foundry, under a glass roof). */
  ambientC: number;
  /** Chance that a run-down battery is driven on below 10 % before it goes to the charger. */
  deepDischargeChance: number;
  /** Chance that a battery takes an opportunity charge in a break when it could. */
  opportunityChance: number;
}

/** A battery's usage profile, the same wherever its serial number is known: about 6 in 10 gentle, 2 hot, 2 deep. */
export function usageProfileOf(serialNumber: string): UsageProfile {
  const random = seededRandom(seedFrom(serialNumber, 0x51));
  const roll = random.next();
  if (roll < 0.2) {
    return { kind: 'hot', ambientC: random.between(29, 33), deepDischargeChance: 0.01, opportunityChance: 0.7 };
  }
  if (roll < 0.4) {
    return {
      kind: 'deep',
      ambientC: random.between(16, 22),
      deepDischargeChance: random.between(0.04, 0.15),
      opportunityChance: 0.2,
    };
  }
  return { kind: 'gentle', ambientC: random.between(15, 22), deepDischargeChance: 0.01, opportunityChance: 0.7 };
}
