import type { DeviceEvent } from '@cbm/contracts/device-protocol';
import { type Random, seededRandom, seedFrom } from '@cbm/demo-fixtures/random';
import { usageProfileOf } from '@cbm/device-model/ageing';
import { alarm, ERROR_CODES } from '@cbm/device-model/battery-alarms';
import { cellsInSeries, openCircuitVoltage } from '@cbm/device-model/lfp-curve';
import type { RollupPoint } from '../modules/battery-days/attribution';
import { localDays } from '../modules/battery-days/local-days';
import type { DemoBattery } from './demo-fleet';
import { sohDeclinePerDay } from './demo-wear';

/** Resolution of the generated history: coarse, but finer than the roll-ups' gap limit. */
export const HISTORY_STEP_MS = 10 * 60_000;
const DAY_MS = 86_400_000;

export interface HistorySite {
  id: number;
  timeZone: string;
  /** Two or three shifts a weekday. */
  shifts: number;
  chargerSerials: string[];
}

export interface HistoryEvent {
  serialNumber: string;
  operatingSiteId: number;
  event: Omit<DeviceEvent, 'seq'>;
}

/** A history sample: what the roll-ups read, and the highest cell temperature the care counters read. */
export type HistoryPoint = RollupPoint & { maxCellTemperature: number };

export interface BatterySeries {
  points: HistoryPoint[];
  events: HistoryEvent[];
}

// Minutes of the local day: early, late and night shift, each with a half-hour break.
const SHIFTS = [
  { start: 360, end: 840, breakAt: 600 },
  { start: 840, end: 1320, breakAt: 1080 },
  { start: 1320, end: 1800, breakAt: 1560 },
];
const BREAK_MINUTES = 30;
/** A drained battery goes to the charger at this SoC; on a deep drain, at this one. */
const NORMAL_DRAIN_SOC = 20;
const DEEP_DRAIN_SOC = 5;

type Mode = 'work' | 'break' | 'off';

/** How far above the hall the cells settle while charging and while driving, °C. */
const CELL_HEAT_C: Partial<Record<RollupPoint['state'], number>> = { charging: 10, discharging: 7 };
/** How far a day's hall temperature strays from the profile's mean either way, °C. */
const HALL_DAY_SPREAD_C = 4;

/**
 * The highest cell temperature, step by step: half-way each step towards the day's hall temperature (the usage
 * profile's mean ± 4 °C) plus the heat of charging or driving, ±1.5 °C. A random of its own, so that the rest of
 * the series is the same with or without it. Cells in the hottest halls pass 45 °C while charging on warm days.
 */
function cellThermometer(serialNumber: string, ambientC: number) {
  const random = seededRandom(seedFrom(serialNumber, 0x7e));
  let celsius = ambientC;
  let day = Number.NaN;
  let hallC = ambientC;
  return (ts: number, state: RollupPoint['state']) => {
    if (Math.floor(ts / DAY_MS) !== day) {
      day = Math.floor(ts / DAY_MS);
      hallC = ambientC + random.between(-HALL_DAY_SPREAD_C, HALL_DAY_SPREAD_C);
    }
    celsius += (hallC + (CELL_HEAT_C[state] ?? 0) + random.between(-1.5, 1.5) - celsius) / 2;
    return Math.round(celsius * 10) / 10;
  };
}

/** Saturday has the early shift only, Sunday none. */
function shiftsOn(site: HistorySite, weekday: number): number {
  return weekday === 0 ? 0 : weekday === 6 ? 1 : site.shifts;
}

function shiftMode(works: boolean[], shiftCount: number, minute: number): Mode | undefined {
  for (let n = 0; n < shiftCount; n++) {
    const shift = SHIFTS[n];
    if (!shift || !works[n] || minute < shift.start || minute >= shift.end) continue;
    return minute >= shift.breakAt && minute < shift.breakAt + BREAK_MINUTES ? 'break' : 'work';
  }
  return undefined;
}

/** A night shift that started yesterday runs on past midnight. */
function modeAt(site: HistorySite, works: boolean[], weekday: number, minute: number): Mode {
  return (
    shiftMode(works, shiftsOn(site, weekday), minute) ??
    shiftMode(works, shiftsOn(site, (weekday + 6) % 7), minute + 1440) ??
    'off'
  );
}

/**
 * A battery's coarse sample series over [from, to] with its warning and error events: discharging
 * in shifts, opportunity charging in breaks when low, full charges between shifts, network
 * drop-outs, errors, and a state of health declining towards today's value at the slope of its lifetime's wear (the
 * ageing model's, decision 135); its usage profile decides how often it takes opportunity charges and runs deep.
 */
export function generateSeries(
  battery: DemoBattery,
  site: HistorySite,
  from: number,
  to: number,
  random: Random,
): BatterySeries {
  const zone = localDays(site.timeZone);
  const works = SHIFTS.map(() => random.chance(0.85));
  const usePerStep = random.between(1.4, 2.4);
  const chargePerStep = random.between(4.8, 7.2);
  const declinePerDay = sohDeclinePerDay(battery);
  const profile = usageProfileOf(battery.serialNumber);
  const chargerSerial = battery.chargerSerial ?? random.pick(site.chargerSerials);
  const cellTemperature = cellThermometer(battery.serialNumber, profile.ambientC);
  const points: HistoryPoint[] = [];
  const events: HistoryEvent[] = [];
  const emit = (ts: number, code: string, active: boolean) =>
    events.push(historyEvent(battery, ts, code, active, readings(battery, soc, soh)));

  let soc = random.between(40, 100);
  let soh = battery.soh;
  let charged = Math.round(battery.totalOperatingMonths * 22 * battery.nominalEnergyKwh * 1_000_000);
  let discharged = Math.round(charged * 0.94);
  let charging = false;
  let breakCharge = false;
  let lowSocWarning = false;
  let errorUntil = 0;
  let offlineUntil = 0;
  let opportunity = false;
  /** How low the current drain goes before the charger: a deep profile's drivers run on below 10 % at times. */
  let drainTo = NORMAL_DRAIN_SOC;
  let weekday = 0;
  let lastDate = '';

  for (let ts = from; ts <= to; ts += HISTORY_STEP_MS) {
    const day = zone.dayAt(ts);
    if (day.date !== lastDate) {
      lastDate = day.date;
      weekday = new Date(`${day.date}T00:00:00Z`).getUTCDay();
      if (random.chance(0.03)) offlineUntil = ts + random.int(30, 480) * 60_000;
    }
    const mode = modeAt(site, works, weekday, Math.floor((ts - day.start) / 60_000));
    soh = Math.min(100, battery.soh + (declinePerDay * (to - ts)) / DAY_MS);
    const usableKwh = (battery.nominalEnergyKwh * soh) / 100;
    let state: RollupPoint['state'];
    let deltaSoc = 0;
    if (ts < errorUntil) state = 'error';
    else if (mode === 'work' && !charging && random.chance(1 / 750)) {
      const code = random.pick(ERROR_CODES);
      errorUntil = ts + random.int(1, 6) * HISTORY_STEP_MS;
      emit(ts, code, true);
      emit(errorUntil, code, false);
      state = 'error';
    } else {
      // An opportunity charge lasts the break; a battery run down stays on the charger until 80 %.
      const wasCharging = charging;
      if (mode === 'work') charging = charging && !breakCharge ? soc < 80 : soc <= drainTo;
      else if (mode === 'break') charging = charging || (opportunity && soc < 60);
      else charging = charging ? soc < 100 : soc < 95;
      breakCharge = mode === 'break' && charging;
      if (mode !== 'break') opportunity = random.chance(profile.opportunityChance);
      if (charging && !wasCharging)
        drainTo = random.chance(profile.deepDischargeChance) ? DEEP_DRAIN_SOC : NORMAL_DRAIN_SOC;
      if (charging) {
        state = 'charging';
        deltaSoc = Math.min(100 - soc, chargePerStep * (soc > 90 ? 0.4 : 1) * random.between(0.8, 1.1));
      } else if (mode === 'work' && random.chance(0.85)) {
        state = 'discharging';
        deltaSoc = -Math.min(soc, usePerStep * random.between(0.5, 1.5));
        if (random.chance(1 / 2000)) {
          emit(ts, 'W105', true);
          emit(ts + 30 * 60_000, 'W105', false);
        }
      } else state = mode === 'work' ? 'idle' : 'standby';
    }
    const maxCellTemperature = cellTemperature(ts, state);
    if (ts >= offlineUntil) {
      points.push({
        ts,
        siteId: site.id,
        state,
        soc: Math.round(soc * 10) / 10,
        soh: Math.round(soh * 100) / 100,
        chargerSerial: state === 'charging' ? chargerSerial : null,
        chargedUkwh: charged,
        dischargedUkwh: discharged,
        maxCellTemperature,
      });
    }
    const energyUkwh = Math.round((Math.abs(deltaSoc) / 100) * usableKwh * 1_000_000);
    if (deltaSoc > 0) charged += Math.round(energyUkwh / 0.94);
    else {
      discharged += energyUkwh;
      // Lowering forks and braking feed a little energy back.
      charged += Math.round(energyUkwh * 0.03);
    }
    soc += deltaSoc;
    if (lowSocWarning ? soc >= 25 : soc < 20) {
      lowSocWarning = !lowSocWarning;
      emit(ts, 'W201', lowSocWarning);
    }
  }
  return {
    points,
    events: [...events.filter((entry) => Date.parse(entry.event.ts) <= to), ...fleetErrors(battery)],
  };
}

/** The event that raised the error the demo fleet's live state names (its current one, or one within 24 h). */
export function lastErrorEvent(battery: DemoBattery): HistoryEvent | undefined {
  if (!battery.lastErrorAt) return undefined;
  const live = readings(battery, battery.soc, battery.soh);
  return historyEvent(battery, Date.parse(battery.lastErrorAt), battery.currentErrorCode ?? 'E412', true, live);
}

/** The last error as the history stores it: raised, and cleared a quarter of an hour later unless it is current. */
function fleetErrors(battery: DemoBattery): HistoryEvent[] {
  const raised = lastErrorEvent(battery);
  if (!raised || battery.currentErrorCode) return raised ? [raised] : [];
  const clearedAt = new Date(Date.parse(raised.event.ts) + 15 * 60_000).toISOString();
  return [raised, { ...raised, event: { ...raised.event, ts: clearedAt, active: false } }];
}

function historyEvent(
  battery: DemoBattery,
  ts: number,
  code: string,
  active: boolean,
  attributes: Record<string, number>,
): HistoryEvent {
  const { type, category, description } = alarm(code);
  return {
    serialNumber: battery.serialNumber,
    operatingSiteId: battery.siteId,
    event: { ts: new Date(ts).toISOString(), type, code, description, category, active, attributes },
  };
}

/** What a BMS sends with an event (docs/protocol.md): SoC, SoH and the rested stack voltage at that SoC. */
function readings(battery: DemoBattery, soc: number, soh: number): Record<string, number> {
  const stackVoltage = openCircuitVoltage(soc) * cellsInSeries(battery.nominalVoltage);
  return {
    SOC: Math.round(soc * 10) / 10,
    SOH: Math.round(soh * 100) / 100,
    StackVoltage: Math.round(stackVoltage * 100) / 100,
  };
}
