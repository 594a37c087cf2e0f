import { liveStreamUrl } from '@cbm/contracts/endpoints/live';
import type { LiveMdload } from '@cbm/contracts/live-stream';
import type { MdloadLiveViewResponse } from '@cbm/contracts/mdload-live-view';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { followConnection } from '../../../lib/connection/connection-state';
import { mdloadLiveViewKey } from '../api/get-mdload-live-view';
import { mergeLiveMdloads } from '../mdload-live-model';

/** Merges the site's pushed charger-station twins (Server-Sent Events `mdload`) into the cached live view. */
export function useMdloadLiveStream(operatingSiteId: number) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(liveStreamUrl(operatingSiteId, { events: ['mdload'] }));
    const unfollow = followConnection(source);
    source.addEventListener('mdload', (event) => {
      const live = JSON.parse((event as MessageEvent<string>).data) as LiveMdload;
      queryClient.setQueryData<MdloadLiveViewResponse>(
        mdloadLiveViewKey(operatingSiteId),
        (data) => data && mergeLiveMdloads(data, [live]),
      );
    });
    return () => {
      unfollow();
      source.close();
    };
  }, [operatingSiteId, queryClient]);
}
