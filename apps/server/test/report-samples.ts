import { REPORT_CSV_HEADER, type ReportSample, reportCsvLine } from '../src/modules/reports/report-csv';

/** One battery sample of a report CSV (charging, 20 November 2026, 10:00 UTC). */
export const reportSample = (overrides: Partial<ReportSample> = {}): ReportSample => ({
  serialNumber: 'BAT-0001',
  ts: Date.parse('2026-11-20T10:00:00Z'),
  state: 'charging',
  soc: 42.5,
  soh: 97,
  stackVoltage: 51.2,
  current: -12.25,
  minCellVoltage: 3.2,
  maxCellVoltage: 3.31,
  minCellTemperature: 18,
  maxCellTemperature: 25.5,
  boardTemperature: null,
  chargerSerial: 'CH-7',
  totalEnergyChargedKwh: 1234.567891,
  totalEnergyDischargedKwh: 1000.000001,
  totalChargingHours: 10.5,
  totalDischargingHours: 20.25,
  totalStandbyHours: 3,
  ...overrides,
});

/** A report CSV as a datalog download writes it: the header, then one line a sample. */
export const reportCsv = (...samples: ReportSample[]) => REPORT_CSV_HEADER + samples.map(reportCsvLine).join('');
