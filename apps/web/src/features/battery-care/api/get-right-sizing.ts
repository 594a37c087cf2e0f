import { batteryCareEndpoints } from '@cbm/contracts/endpoints/battery-care';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TimeRange } from '../../../components/time-range/quick-range';
import { call } from '../../../lib/api-client';

/** GET /battery/Care/right-sizing (cbm_statistic, Statistic permission): batteries in use at once against the fleet. */
export const useRightSizing = (operatingSiteId: number, range: TimeRange) =>
  useQuery({
    queryKey: ['batteryCare', 'rightSizing', operatingSiteId, range.from.toISOString(), range.to.toISOString()],
    queryFn: () =>
      call(batteryCareEndpoints.rightSizing, {
        query: { operatingSiteId, from: range.from.toISOString(), to: range.to.toISOString() },
      }),
    placeholderData: keepPreviousData,
  });
