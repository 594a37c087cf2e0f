export { useBatteryProfile } from './api/get-battery-profile';
export { ProfileCharts } from './components/profile-charts';
export { chartTime, hasSamples, lastDays, profileRows } from './profile-series';
