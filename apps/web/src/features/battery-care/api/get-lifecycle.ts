import { batteryCareEndpoints } from '@cbm/contracts/endpoints/battery-care';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** GET /battery/Care/{serial}/lifecycle (cbm_view): SoH history, limits and projections. */
export const useLifecycle = (operatingSiteId: number, serial: string) =>
  useQuery({
    queryKey: ['batteryCare', 'lifecycle', operatingSiteId, serial],
    queryFn: () => call(batteryCareEndpoints.lifecycle, { params: { serial }, query: { operatingSiteId } }),
  });
