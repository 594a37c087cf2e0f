import type { CareResponse } from '@cbm/contracts/battery-care';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TimeRange } from '../../../components/time-range/quick-range';
import { api } from '../../../lib/api-client';
import { CARE_PATH } from './get-lifecycle';

/** GET /battery/Care (cbm_statistic, Statistic permission): every battery's care counters, worst score first. */
export const useCare = (operatingSiteId: number, range: TimeRange) =>
  useQuery({
    queryKey: ['batteryCare', 'counters', operatingSiteId, range.from.toISOString(), range.to.toISOString()],
    queryFn: () =>
      api<CareResponse>(CARE_PATH, {
        query: { operatingSiteId, from: range.from.toISOString(), to: range.to.toISOString() },
      }),
    placeholderData: keepPreviousData,
  });
