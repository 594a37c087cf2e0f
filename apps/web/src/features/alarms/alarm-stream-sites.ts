import type { Alarm } from '@cbm/contracts/alarms';
import { ALARM_STREAM_SITES } from '@cbm/contracts/live-stream';

/**
 * The sites whose live streams the inbox across sites follows (streams are capped per user): those of the listed
 * alarms, newest first, then the user's other sites, at most ALARM_STREAM_SITES.
 */
export function alarmStreamSites(alarms: readonly Alarm[] | undefined, siteIds: readonly number[]): number[] {
  const ordered = [...(alarms ?? []).map((alarm) => alarm.operatingSiteId), ...siteIds];
  return [...new Set(ordered)].slice(0, ALARM_STREAM_SITES).sort((a, b) => a - b);
}
