export { useEnableRemote } from './api/enable-remote';
export { useSoftwareInfo } from './api/get-software-info';
export { UpdateDialog } from './components/update-dialog';
export { UpdateJobsTable } from './components/update-jobs-table';
