import type { Random } from '@cbm/demo-fixtures/random';

export type AlarmType = 'error' | 'warning' | 'limit';

export interface AlarmDefinition {
  code: string;
  type: AlarmType;
  category: string;
  description: string;
}

export interface AlarmReadings {
  soc: number;
  maxCellTemperature: number;
  cellSpread: number;
}

interface ThresholdAlarm extends AlarmDefinition {
  raised: (readings: AlarmReadings) => boolean;
  cleared: (readings: AlarmReadings) => boolean;
}

interface RandomFault extends AlarmDefinition {
  meanDaysBetween: number;
  meanMinutes: number;
}

/** Conditions the BMS derives from its readings, each with hysteresis so it does not flicker. */
export const THRESHOLD_ALARMS: readonly ThresholdAlarm[] = [
  {
    code: 'W201',
    type: 'warning',
    category: 'SOC',
    description: 'Low state of charge',
    raised: (r) => r.soc < 20,
    cleared: (r) => r.soc >= 25,
  },
  {
    code: 'L301',
    type: 'limit',
    category: 'SOC',
    description: 'Discharge current limited: state of charge below 10 %',
    raised: (r) => r.soc < 10,
    cleared: (r) => r.soc >= 12,
  },
  {
    code: 'W105',
    type: 'warning',
    category: 'Temperature',
    description: 'High cell temperature',
    raised: (r) => r.maxCellTemperature >= 45,
    cleared: (r) => r.maxCellTemperature < 42,
  },
  {
    code: 'E101',
    type: 'error',
    category: 'Temperature',
    description: 'Cell over-temperature: battery switched off',
    raised: (r) => r.maxCellTemperature >= 55,
    cleared: (r) => r.maxCellTemperature < 48,
  },
  {
    code: 'W310',
    type: 'warning',
    category: 'Cell voltage',
    description: 'Cell voltage imbalance',
    raised: (r) => r.cellSpread > 0.08,
    cleared: (r) => r.cellSpread < 0.05,
  },
];

/** Faults that come and go at random; W520 also heats the pack, which can lead to W105 and E101. */
export const RANDOM_FAULTS: readonly RandomFault[] = [
  {
    code: 'E412',
    type: 'error',
    category: 'Communication',
    description: 'CAN timeout',
    meanDaysBetween: 25,
    meanMinutes: 8,
  },
  {
    code: 'E204',
    type: 'error',
    category: 'Insulation',
    description: 'Isolation fault',
    meanDaysBetween: 90,
    meanMinutes: 120,
  },
  {
    code: 'E310',
    type: 'error',
    category: 'Contactor',
    description: 'Contactor welded',
    meanDaysBetween: 400,
    meanMinutes: 600,
  },
  {
    code: 'W520',
    type: 'warning',
    category: 'Cooling',
    description: 'Cooling fan fault',
    meanDaysBetween: 40,
    meanMinutes: 180,
  },
];

export const HEATING_FAULT = 'W520';

/** Every alarm a battery raises, by code: what the demo history and the demo fleet's live state use too. */
export const ALARMS: ReadonlyMap<string, AlarmDefinition> = new Map(
  [...THRESHOLD_ALARMS, ...RANDOM_FAULTS].map(({ code, type, category, description }) => [
    code,
    { code, type, category, description },
  ]),
);

export function alarm(code: string): AlarmDefinition {
  const definition = ALARMS.get(code);
  if (!definition) throw new Error(`Unknown alarm ${code}`);
  return definition;
}

/** The error codes, for demo data that picks one. */
export const ERROR_CODES = [...ALARMS.values()].filter((entry) => entry.type === 'error').map((entry) => entry.code);
const DAY_MINUTES = 1440;

/** Random faults that start within a step; proneness scales the rates for batteries that fail more often. */
export function faultsStarting(random: Random, minutes: number, proneness: number, active: ReadonlySet<string>) {
  return RANDOM_FAULTS.filter(
    (fault) => !active.has(fault.code) && random.chance((minutes * proneness) / (fault.meanDaysBetween * DAY_MINUTES)),
  ).map((fault) => ({ fault, minutes: random.exponential(fault.meanMinutes) }));
}

/** Threshold alarms whose state changes with these readings. */
export function thresholdChanges(readings: AlarmReadings, active: ReadonlySet<string>) {
  return THRESHOLD_ALARMS.flatMap((alarm) => {
    if (!active.has(alarm.code) && alarm.raised(readings)) return [{ alarm, active: true }];
    if (active.has(alarm.code) && alarm.cleared(readings)) return [{ alarm, active: false }];
    return [];
  });
}
