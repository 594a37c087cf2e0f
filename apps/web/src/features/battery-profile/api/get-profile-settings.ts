import type { ProfileSettings } from '@cbm/contracts/battery-profile';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const PROFILE_PATH = '/battery/Profile';

/** GET /battery/Profile/{serial}/settings: profiling flag, available-from date and the site's time zone. */
export const profileSettingsQuery = (operatingSiteId: number, serial: string) =>
  queryOptions({
    queryKey: ['batteryProfile', operatingSiteId, serial, 'settings'],
    queryFn: () =>
      api<ProfileSettings>(`${PROFILE_PATH}/${encodeURIComponent(serial)}/settings`, { query: { operatingSiteId } }),
  });

export const useProfileSettings = (operatingSiteId: number, serial: string) =>
  useQuery(profileSettingsQuery(operatingSiteId, serial));
