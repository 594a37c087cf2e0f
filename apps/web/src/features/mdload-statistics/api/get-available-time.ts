import { mdloadStatisticsEndpoints } from '@cbm/contracts/endpoints/mdload-statistics';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** GET /mdload/MdLoadStatistic/availableTime: the first and last data time (unix seconds), limiting the picker. */
export const useAvailableTime = (operatingSiteId: number) =>
  useQuery({
    queryKey: ['mdloadStatistic', 'availableTime', operatingSiteId],
    queryFn: () => call(mdloadStatisticsEndpoints.availableTime, { query: { operatingSiteId } }),
  });
