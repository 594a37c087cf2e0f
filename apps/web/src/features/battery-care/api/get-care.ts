import { batteryCareEndpoints } from '@cbm/contracts/endpoints/battery-care';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TimeRange } from '../../../components/time-range/quick-range';
import { call } from '../../../lib/api-client';

/** GET /battery/Care (cbm_statistic, Statistic permission): every battery's care counters, worst score first. */
export const useCare = (operatingSiteId: number, range: TimeRange) =>
  useQuery({
    queryKey: ['batteryCare', 'counters', operatingSiteId, range.from.toISOString(), range.to.toISOString()],
    queryFn: () =>
      call(batteryCareEndpoints.care, {
        query: { operatingSiteId, from: range.from.toISOString(), to: range.to.toISOString() },
      }),
    placeholderData: keepPreviousData,
  });
