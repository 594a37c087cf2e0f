import { LIVE_REFETCH_THROTTLE_MS, LIVE_STREAM_PATH, type LiveEvent } from '@cbm/contracts/live-stream';
import { useEffect, useRef } from 'react';

/** Tells, for an event of the stream, whether the screen should refetch. */
export type LiveEventFilter = (event: LiveEvent, data: unknown) => boolean;

/**
 * Follows the sites (at most LIVE_STREAM_MAX_SITES) in one live stream (Server-Sent Events) and calls `onChange` once for the events of `events` that `relevant` lets through, at most every LIVE_REFETCH_THROTTLE_MS
 * (decision 044).
 */
export function useSitesStream(
  siteIds: readonly number[],
  events: readonly LiveEvent[],
  onChange: () => void,
  relevant: LiveEventFilter = () => true,
) {
  const latest = useRef({ onChange, relevant });
  latest.current = { onChange, relevant };
  const sites = siteIds.join(',');
  const names = events.join(',');
  useEffect(() => {
    if (typeof EventSource === 'undefined' || sites === '') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const changed = () => {
      timer = undefined;
      latest.current.onChange();
    };
    const source = new EventSource(`${LIVE_STREAM_PATH}?operatingSiteId=${sites}&events=${names}`);
    for (const name of names.split(',') as LiveEvent[]) {
      source.addEventListener(name, (event) => {
        if (!latest.current.relevant(name, JSON.parse((event as MessageEvent<string>).data))) return;
        timer ??= setTimeout(changed, LIVE_REFETCH_THROTTLE_MS);
      });
    }
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, [sites, names]);
}
