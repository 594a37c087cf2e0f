import { batteryCareEndpoints } from '@cbm/contracts/endpoints/battery-care';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** GET /battery/Care/replacement (cbm_statistic, Statistic permission): the batteries due within 3, 6 and 12 months. */
export const useReplacementPlan = (operatingSiteId: number) =>
  useQuery({
    queryKey: ['batteryCare', 'replacement', operatingSiteId],
    queryFn: () => call(batteryCareEndpoints.replacement, { query: { operatingSiteId } }),
  });
