import type { RightSizing } from '@cbm/contracts/battery-care';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TimeRange } from '../../../components/time-range/quick-range';
import { api } from '../../../lib/api-client';
import { CARE_PATH } from './get-lifecycle';

/** GET /battery/Care/right-sizing (cbm_statistic, Statistic permission): batteries in use at once against the fleet. */
export const useRightSizing = (operatingSiteId: number, range: TimeRange) =>
  useQuery({
    queryKey: ['batteryCare', 'rightSizing', operatingSiteId, range.from.toISOString(), range.to.toISOString()],
    queryFn: () =>
      api<RightSizing>(`${CARE_PATH}/right-sizing`, {
        query: { operatingSiteId, from: range.from.toISOString(), to: range.to.toISOString() },
      }),
    placeholderData: keepPreviousData,
  });
