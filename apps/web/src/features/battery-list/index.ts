export { useEnableRemote } from './api/enable-remote';
export { BATTERY_LIST_PATH } from './api/get-battery-list';
export { useSoftwareInfo } from './api/get-software-info';
export { UpdateDialog } from './components/update-dialog';
export { UpdateJobsTable } from './components/update-jobs-table';
