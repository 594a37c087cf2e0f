/** The business constants and limits, defined once. */
export const TOAST_API_ERROR_MS = 3000;
export const TOAST_DEFAULT_MS = 4000;
export const NAVIGATION_PROGRESS_MS = 500;

export const CO2_GRAMS_PER_KWH = 386;
export const START_SOC_BUCKETS = [20, 40, 60, 80, 100] as const;
export const AVAILABILITY_SOC_THRESHOLD = 20;

export const LIVE_VIEW_SEARCH_DEBOUNCE_MS = 600;
export const LIVE_VIEW_MAX_ITEMS = 99999;
export const LIVE_VIEW_UPDATE_POLL_MS = 1000;
export const LIVE_VIEW_UPDATE_TIMEOUT_MS = 60_000;
export const EVENT_REFETCH_DEBOUNCE_MS = 200;
export const EVENT_PAGE_SIZE = 20;

export const DATALOG_RETENTION_DAYS = 4;
export const REMOTE_DEBUGGING_HOURS = 1;
export const ERROR_FLAG_WINDOW_HOURS = 24;

export const STATISTICS_DEFAULT_TIME_ZONE = 'Europe/Berlin';
