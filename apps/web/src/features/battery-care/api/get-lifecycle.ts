import type { Lifecycle } from '@cbm/contracts/battery-lifecycle';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const CARE_PATH = '/battery/Care';

/** GET /battery/Care/{serial}/lifecycle (cbm_view): SoH history, limits and projections. */
export const useLifecycle = (operatingSiteId: number, serial: string) =>
  useQuery({
    queryKey: ['batteryCare', 'lifecycle', operatingSiteId, serial],
    queryFn: () =>
      api<Lifecycle>(`${CARE_PATH}/${encodeURIComponent(serial)}/lifecycle`, { query: { operatingSiteId } }),
  });
