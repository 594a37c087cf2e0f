export { useDatalogs } from './api/get-datalogs';
export { useRequestDatalog } from './api/request-datalog';
export { DatalogTable } from './components/datalog-table';
