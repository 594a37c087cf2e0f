export { useStatisticsBatteries } from './api/get-statistics-batteries';
export { DEFAULT_STATISTICS_RANGE } from './statistics-defaults';
