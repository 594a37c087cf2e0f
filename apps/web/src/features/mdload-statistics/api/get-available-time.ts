import type { MdloadAvailableTime } from '@cbm/contracts/mdload-statistics';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { MDLOAD_STATISTIC_PATH } from './statistic-query';

/** GET /mdload/MdLoadStatistic/availableTime: the first and last data time (unix seconds), limiting the picker. */
export const useAvailableTime = (operatingSiteId: number) =>
  useQuery({
    queryKey: ['mdloadStatistic', 'availableTime', operatingSiteId],
    queryFn: () => api<MdloadAvailableTime>(`${MDLOAD_STATISTIC_PATH}/availableTime`, { query: { operatingSiteId } }),
  });
