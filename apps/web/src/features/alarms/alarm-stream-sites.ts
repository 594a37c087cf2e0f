import type { Alarm } from '@cbm/contracts/alarms';
import { LIVE_STREAM_MAX_SITES } from '@cbm/contracts/live-stream';

/**
 * The sites the live stream of the inbox across sites follows: all where the user sees alarms (none until they are
 * known) or, beyond what one stream may follow, those of the listed alarms first, newest first, then the others.
 */
export function alarmStreamSites(alarms: readonly Alarm[] | undefined, siteIds: readonly number[]): number[] {
  const visible = new Set(siteIds);
  const ordered = [...(alarms ?? []).map((alarm) => alarm.operatingSiteId), ...siteIds];
  return [...new Set(ordered.filter((siteId) => visible.has(siteId)))]
    .slice(0, LIVE_STREAM_MAX_SITES)
    .sort((a, b) => a - b);
}
