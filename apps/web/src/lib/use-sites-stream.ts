import {
  LIVE_REFETCH_THROTTLE_MS,
  type LiveChangeEvent,
  type LiveStreamChanges,
  liveStreamUrl,
} from '@cbm/contracts/live-stream';
import { useEffect, useRef } from 'react';

/**
 * Follows the sites (at most LIVE_STREAM_MAX_SITES) in one live stream (Server-Sent Events) and calls `onChange`
 * once for its events of `events` (with `changes=health`, only devices whose health changed), at most every
 * LIVE_REFETCH_THROTTLE_MS (decision 044).
 */
export function useSitesStream(
  siteIds: readonly number[],
  events: readonly LiveChangeEvent[],
  onChange: () => void,
  changes: LiveStreamChanges = 'all',
) {
  const latest = useRef(onChange);
  latest.current = onChange;
  const url = siteIds.length > 0 ? liveStreamUrl(siteIds, { events, changes }) : '';
  const names = events.join(',');
  useEffect(() => {
    if (typeof EventSource === 'undefined' || url === '') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const changed = () => {
      timer = undefined;
      latest.current();
    };
    const source = new EventSource(url);
    for (const name of names.split(',')) {
      source.addEventListener(name, () => {
        timer ??= setTimeout(changed, LIVE_REFETCH_THROTTLE_MS);
      });
    }
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, [url, names]);
}
