import {
  LIVE_REFETCH_THROTTLE_MS,
  LIVE_STREAM_PATH,
  type LiveEvent,
  type LiveStreamChanges,
} from '@cbm/contracts/live-stream';
import { useEffect, useRef } from 'react';

/**
 * Follows the sites (at most LIVE_STREAM_MAX_SITES) in one live stream (Server-Sent Events) and calls `onChange`
 * once for its events of `events` (with `changes=health`, only devices whose health changed), at most every
 * LIVE_REFETCH_THROTTLE_MS (decision 044).
 */
export function useSitesStream(
  siteIds: readonly number[],
  events: readonly LiveEvent[],
  onChange: () => void,
  changes: LiveStreamChanges = 'all',
) {
  const latest = useRef(onChange);
  latest.current = onChange;
  const sites = siteIds.join(',');
  const names = events.join(',');
  useEffect(() => {
    if (typeof EventSource === 'undefined' || sites === '') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const changed = () => {
      timer = undefined;
      latest.current();
    };
    const only = changes === 'all' ? '' : `&changes=${changes}`;
    const source = new EventSource(`${LIVE_STREAM_PATH}?operatingSiteId=${sites}&events=${names}${only}`);
    for (const name of names.split(',')) {
      source.addEventListener(name, () => {
        timer ??= setTimeout(changed, LIVE_REFETCH_THROTTLE_MS);
      });
    }
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, [sites, names, changes]);
}
