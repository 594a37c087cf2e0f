import type { ReportSample } from '../../reports/report-csv';

/** A sample with steady readings (SoC 50 %, 25 °C, counters at 0) where a test sets only what it looks at. */
export function plainSample(serialNumber: string, ts: number, fields: Partial<ReportSample> = {}): ReportSample {
  return {
    serialNumber,
    ts,
    state: 'standby',
    soc: 50,
    soh: 95,
    stackVoltage: 51.2,
    current: 0,
    minCellVoltage: 3.2,
    maxCellVoltage: 3.3,
    minCellTemperature: 20,
    maxCellTemperature: 25,
    boardTemperature: null,
    chargerSerial: null,
    totalEnergyChargedKwh: 0,
    totalEnergyDischargedKwh: 0,
    totalChargingHours: 0,
    totalDischargingHours: 0,
    totalStandbyHours: 0,
    ...fields,
  };
}
