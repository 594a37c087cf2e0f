import { REPORT_CSV_COLUMNS } from '@cbm/contracts/reports';
import { type CsvCell, machineCsv } from '../../shared/csv';
import type { BatteryState, RollupPoint } from '../battery-days/attribution';
import { toUkwh } from '../battery-days/attribution';

/** One line of a battery's datalog: a stored battery_sample without its site and sequence number. */
export interface ReportSample {
  serialNumber: string;
  ts: number;
  state: BatteryState;
  soc: number;
  soh: number;
  stackVoltage: number;
  current: number;
  minCellVoltage: number;
  maxCellVoltage: number;
  minCellTemperature: number;
  maxCellTemperature: number;
  boardTemperature: number | null;
  chargerSerial: string | null;
  totalEnergyChargedKwh: number;
  totalEnergyDischargedKwh: number;
  totalChargingHours: number;
  totalDischargingHours: number;
  totalStandbyHours: number;
}

/** The columns of a sample the report figures read. */
export type FigureSample = Pick<
  ReportSample,
  'ts' | 'state' | 'soc' | 'soh' | 'chargerSerial' | 'totalEnergyChargedKwh' | 'totalEnergyDischargedKwh'
>;

/** Site 0: a report counts every sample in its own zone, whichever site the battery was at. */
export function toReportPoint(sample: FigureSample): RollupPoint {
  return {
    ts: sample.ts,
    siteId: 0,
    state: sample.state,
    soc: sample.soc,
    soh: sample.soh,
    chargerSerial: sample.chargerSerial,
    chargedUkwh: toUkwh(sample.totalEnergyChargedKwh),
    dischargedUkwh: toUkwh(sample.totalEnergyDischargedKwh),
  };
}

export const REPORT_CSV_HEADER = machineCsv([[...REPORT_CSV_COLUMNS]]);

const valuesOf = (sample: ReportSample): CsvCell[] =>
  REPORT_CSV_COLUMNS.map((column) => (column === 'timestamp' ? new Date(sample.ts).toISOString() : sample[column]));

/** Lines of the datalog format (docs/reports.md): numbers as JavaScript writes them, so they read back exactly. */
export const reportCsvLines = (samples: readonly ReportSample[]): string => machineCsv(samples.map(valuesOf));

export const reportCsvLine = (sample: ReportSample): string => reportCsvLines([sample]);
