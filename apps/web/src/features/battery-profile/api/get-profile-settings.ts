import { batteryProfileEndpoints } from '@cbm/contracts/endpoints/battery-profile';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** GET /battery/Profile/{serial}/settings: profiling flag, available-from date and the site's time zone. */
export const profileSettingsQuery = (operatingSiteId: number, serial: string) =>
  queryOptions({
    queryKey: ['batteryProfile', operatingSiteId, serial, 'settings'],
    queryFn: () => call(batteryProfileEndpoints.settings, { params: { serial }, query: { operatingSiteId } }),
  });

export const useProfileSettings = (operatingSiteId: number, serial: string) =>
  useQuery(profileSettingsQuery(operatingSiteId, serial));
