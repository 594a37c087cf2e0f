import { liveStreamUrl } from '@cbm/contracts/endpoints/live';
import { LIVE_REFETCH_THROTTLE_MS, type LiveChangeEvent, type LiveStreamChanges } from '@cbm/contracts/live-stream';
import { useEffect, useRef } from 'react';
import { followConnection } from './connection/connection-state';

/**
 * Follows the sites (at most LIVE_STREAM_MAX_SITES) in one live stream (Server-Sent Events) and calls `onChange`
 * once for its events of `events` (with `changes=health`, only devices whose health changed), at most every
 * LIVE_REFETCH_THROTTLE_MS (decision 044). It calls back on `ready` too, at every (re)connection: a change after
 * the page's first read and before the stream watched its sites, or while it reconnected, is read then.
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
    const unfollow = followConnection(source);
    for (const name of ['ready', ...names.split(',')]) {
      source.addEventListener(name, () => {
        timer ??= setTimeout(changed, LIVE_REFETCH_THROTTLE_MS);
      });
    }
    return () => {
      clearTimeout(timer);
      unfollow();
      source.close();
    };
  }, [url, names]);
}
