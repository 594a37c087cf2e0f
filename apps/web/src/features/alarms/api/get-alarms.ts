import type { Alarm, AlarmQuery } from '@cbm/contracts/alarms';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The inbox refreshes this often, so an alarm shows within seconds of its data. */
export const ALARM_REFRESH_MS = 3_000;

/** GET /Alarm: the site's alarms, or those of every site the user may see. */
export const alarmsQuery = (query: AlarmQuery) =>
  queryOptions({
    queryKey: ['alarms', query.operatingSiteId ?? 'all', query.state ?? 'active'],
    queryFn: () => api<Alarm[]>('/Alarm', { query: { ...query } satisfies AlarmQuery }),
    refetchInterval: ALARM_REFRESH_MS,
  });

export const useAlarms = (query: AlarmQuery) => useQuery(alarmsQuery(query));
