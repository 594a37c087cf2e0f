import type { Random } from '@cbm/demo-fixtures/random';
import type { PowerState } from '../physics/battery-physics';
import type { ShiftPhase } from '../physics/shift-schedule';

/** What the truck and its driver do with the battery right now. */
export type ActivityMode = 'drive' | 'park' | 'charge' | 'rest' | 'fault';

export interface Activity {
  mode: ActivityMode;
  /** End of the current driving or parking bout. */
  untilMs: number;
  /** Load while driving, as a C-rate. */
  loadC: number;
  /** Why a charge started: an opportunity charge in a shift stops earlier than the full charge after it. */
  chargeTargetSoc: number;
}

export interface Situation {
  nowMs: number;
  phase: ShiftPhase;
  soc: number;
  /** Share of shift time spent driving, 0–1. */
  utilisation: number;
  faulted: boolean;
  /** The BMS is being flashed: it stays in standby. */
  held: boolean;
}

const MINUTE_MS = 60_000;
const MEAN_DRIVE_MINUTES = 6;
const LOW_SOC = 20;

export const POWER_STATES: Record<ActivityMode, PowerState> = {
  drive: 'discharging',
  park: 'idle',
  charge: 'charging',
  rest: 'standby',
  fault: 'error',
};

const activity = (mode: ActivityMode, untilMs = 0, loadC = 0, chargeTargetSoc = 100): Activity => ({
  mode,
  untilMs,
  loadC,
  chargeTargetSoc,
});

/**
 * The next activity: drive and park in bouts during shifts, charge when low or on a break,
 * charge to full after the last shift, otherwise stand by.
 */
export function nextActivity(previous: Activity, situation: Situation, random: Random): Activity {
  const { phase, soc, nowMs } = situation;
  if (situation.faulted) return previous.mode === 'fault' ? previous : activity('fault');
  if (situation.held) return previous.mode === 'rest' ? previous : activity('rest');
  // The charger ends its constant-voltage phase just short of the target; the BMS then counts the battery full.
  const chargeDone = soc >= previous.chargeTargetSoc - 0.5;
  if (previous.mode === 'charge' && !chargeDone && (phase.kind !== 'shift' || soc < 50)) {
    return previous;
  }
  if (phase.kind === 'off') return soc < 97 ? activity('charge') : keep(previous, 'rest');
  if (phase.kind === 'break') return soc < 80 ? activity('charge', 0, 0, 95) : keep(previous, 'rest');
  if (soc < LOW_SOC) return activity('charge', 0, 0, 60);
  if ((previous.mode === 'drive' || previous.mode === 'park') && nowMs < previous.untilMs) return previous;
  const utilisation = Math.min(0.95, Math.max(0.05, situation.utilisation * phase.intensity));
  if (previous.mode === 'drive') {
    const parkMinutes = (MEAN_DRIVE_MINUTES * (1 - utilisation)) / utilisation;
    return activity('park', nowMs + random.exponential(parkMinutes) * MINUTE_MS);
  }
  return activity('drive', nowMs + random.exponential(MEAN_DRIVE_MINUTES) * MINUTE_MS, random.between(0.08, 0.3));
}

/** Length of the bench's discharge test (simulated time). */
export const BENCH_TEST_MS = 3000;

/** A battery on the workshop bench stands by; when a firmware update waits for a discharge, the bench runs one. */
export function benchActivity(previous: Activity, nowMs: number, dischargeTest: boolean): Activity {
  if (previous.mode === 'drive' && nowMs < previous.untilMs) return previous;
  if (dischargeTest && previous.mode !== 'drive') return activity('drive', nowMs + BENCH_TEST_MS, 0.1);
  return keep(previous, 'rest');
}

const keep = (previous: Activity, mode: ActivityMode) => (previous.mode === mode ? previous : activity(mode));

/** Current the activity draws or feeds, positive charges; noise makes driving look like driving. */
export function requestedCurrent(
  current: Activity,
  capacityAh: number,
  soc: number,
  chargeLimitA: number,
  random: Random,
): number {
  switch (current.mode) {
    case 'drive':
      return -current.loadC * capacityAh * random.between(0.6, 1.4) * (soc < 10 ? 0.4 : 1);
    case 'park':
      return -0.01 * capacityAh;
    case 'rest':
      return -0.0002 * capacityAh;
    case 'charge': {
      // Constant current, then the constant-voltage phase tapers towards full.
      const taper = soc > 95 ? Math.max(0.05, (100 - soc) / 5) : 1;
      return chargeLimitA * taper;
    }
    case 'fault':
      return 0;
  }
}
