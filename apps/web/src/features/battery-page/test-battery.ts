import type { LiveViewBattery } from '@cbm/contracts/live-view';

/** A battery of the live view as the battery page's component tests show it; `status` varies per test. */
export const testBattery = (status: LiveViewBattery['status']): LiveViewBattery => ({
  batterySerialNumber: '2010001',
  batteryName: 'Forklift 1',
  groupId: null,
  groupName: null,
  type: 'L36-700',
  status,
  online: true,
  soc: 80,
  soh: 97,
  stackVoltage: 51.2,
  minCellTemperature: 20,
  maxCellTemperature: 24,
  chargerName: null,
  lastDataTimestamp: null,
  nextServiceDate: null,
  currentErrorCode: null,
  hasCurrentError: false,
  errorWithin24h: false,
});
