import type { ReplacementPlan } from '@cbm/contracts/battery-lifecycle';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CARE_PATH } from './get-lifecycle';

/** GET /battery/Care/replacement (cbm_statistic, Statistic permission): the batteries due within 3, 6 and 12 months. */
export const useReplacementPlan = (operatingSiteId: number) =>
  useQuery({
    queryKey: ['batteryCare', 'replacement', operatingSiteId],
    queryFn: () => api<ReplacementPlan>(`${CARE_PATH}/replacement`, { query: { operatingSiteId } }),
  });
