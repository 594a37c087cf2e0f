export { useBatteryProfile } from './api/get-battery-profile';
export { PROFILE_PATH } from './api/get-profile-settings';
export { ProfileCharts } from './components/profile-charts';
export { chartTime, hasSamples, lastDays, profileRows } from './profile-series';
