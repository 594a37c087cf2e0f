import type { Datalog } from '@cbm/contracts/datalogs';
import type { UiLanguage } from '@cbm/contracts/date-formats';

const LOCALES: Record<UiLanguage, string> = { en: 'en-US', de: 'de-DE' };

/** A file size for people: bytes, kB or MB with one decimal in the UI language. */
export function formatFileSize(bytes: number, language: UiLanguage): string {
  const format = (value: number, unit: string, digits: number) =>
    `${new Intl.NumberFormat(LOCALES[language], { maximumFractionDigits: digits }).format(value)} ${unit}`;
  if (bytes < 1024) return format(bytes, 'B', 0);
  if (bytes < 1024 * 1024) return format(bytes / 1024, 'kB', 1);
  return format(bytes / 1024 / 1024, 'MB', 1);
}

/** Badge colour of each state. */
export const STATUS_COLORS: Record<Datalog['status'], string> = {
  requested: 'blue',
  uploaded: 'green',
  failed: 'red',
  expired: 'gray',
};

/** Whether the zip can be downloaded now: uploaded and its four days not over. */
export const isDownloadable = (datalog: Datalog, now: number) =>
  datalog.status === 'uploaded' && datalog.expiresAt !== null && Date.parse(datalog.expiresAt) > now;
