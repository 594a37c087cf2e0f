import type { ProfileSettingsBody } from '@cbm/contracts/battery-profile';
import { batteryProfileEndpoints } from '@cbm/contracts/endpoints/battery-profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { profileSettingsQuery } from './get-profile-settings';

/** POST /battery/Profile/{serial}: switches detailed profiling on or off. */
export function useSaveProfiling(operatingSiteId: number, serial: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileSettingsBody) =>
      call(batteryProfileEndpoints.saveSettings, {
        params: { serial },
        query: { operatingSiteId },
        body,
      }),
    onSuccess: (settings) => queryClient.setQueryData(profileSettingsQuery(operatingSiteId, serial).queryKey, settings),
  });
}
