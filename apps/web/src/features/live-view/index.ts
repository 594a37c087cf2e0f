export { useChangeBattery } from './api/change-battery';
export { useBatteryGroups } from './api/get-battery-groups';
export { getLiveBattery } from './api/get-live-battery';
export { NameDialog } from './components/name-dialog';
export { useDataRefresh } from './hooks/use-data-refresh';
export { currentErrorText, fromLiveBattery } from './live-view-model';
