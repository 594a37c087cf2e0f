import { type Random, seededRandom, seedFrom } from '@cbm/demo-fixtures/random';
import { dailySohLoss, type UsageProfile, usageProfileOf } from '@cbm/device-model/ageing';

/** One battery's simulated life by day: the model's SoH (the truth) and what its BMS reported that day. */
export interface SimulatedBattery {
  serialNumber: string;
  kind: UsageProfile['kind'];
  truth: number[];
  reported: number[];
}

/** A day of use: cycles on work days, the hall's temperature over the season, the pack a little warmer. */
function dayLoss(profile: UsageProfile, cyclesPerDay: number, day: number, random: Random): number {
  const weekday = day % 7;
  const cycles = weekday === 6 ? 0 : weekday === 5 ? cyclesPerDay / 3 : cyclesPerDay;
  const season = 5 * Math.sin((2 * Math.PI * (day - 110)) / 365.25);
  return dailySohLoss(profile, cycles, season + random.between(-1.5, 1.5));
}

/**
 * A fleet's daily SoH over `days`, aged by the shared ageing model (decision 127). Half the batteries change
 * their use once (moved to another hall or another shift pattern), as fleets rotate batteries. The BMS reading
 * is the truth with estimation noise (σ 0.15 points), and on 1 day in 100 an odd reading of up to ±3 points.
 */
export function simulatedFleet(batteries: number, days: number, seed: number): SimulatedBattery[] {
  return Array.from({ length: batteries }, (_, n) => {
    const serialNumber = String(3_000_000 + n);
    const random = seededRandom(seed ^ seedFrom(serialNumber));
    let profile = usageProfileOf(serialNumber);
    const kind = profile.kind;
    let cyclesPerDay = random.between(0.6, 1.6);
    const changeDay = random.chance(0.5) ? random.int(Math.round(days / 4), days - 60) : -1;
    let soh = random.between(97, 100);
    const truth: number[] = [];
    const reported: number[] = [];
    for (let day = 0; day < days; day++) {
      if (day === changeDay) {
        profile = usageProfileOf(`${serialNumber}-moved`);
        cyclesPerDay = random.between(0.6, 2);
      }
      soh -= dayLoss(profile, cyclesPerDay, day, random);
      truth.push(soh);
      const noise = (random.next() + random.next() + random.next() - 1.5) * 0.3;
      const odd = random.chance(0.01) ? random.between(-3, 3) : 0;
      reported.push(Math.round((soh + noise + odd) * 100) / 100);
    }
    return { serialNumber, kind, truth, reported };
  });
}
