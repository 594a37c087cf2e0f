import type { AlarmQuery } from '@cbm/contracts/alarms';
import { alarmsEndpoints } from '@cbm/contracts/endpoints/alarms';
import { LIVE_FALLBACK_REFETCH_MS } from '@cbm/contracts/live-stream';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const ALARMS_KEY = 'alarms';

/** GET /Alarm: the site's alarms, or those of every site the user may see. */
export const alarmsQuery = (query: AlarmQuery) =>
  queryOptions({
    queryKey: [ALARMS_KEY, query.operatingSiteId ?? 'all', query.state ?? 'active'],
    queryFn: () => call(alarmsEndpoints.list, { query: { ...query } satisfies AlarmQuery }),
    // The site streams bring changes (use-alarm-stream); this catches sites beyond them.
    refetchInterval: LIVE_FALLBACK_REFETCH_MS,
  });

export const useAlarms = (query: AlarmQuery) => useQuery(alarmsQuery(query));
