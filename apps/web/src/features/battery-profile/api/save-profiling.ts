import type { ProfileSettings, ProfileSettingsBody } from '@cbm/contracts/battery-profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { PROFILE_PATH, profileSettingsQuery } from './get-profile-settings';

/** POST /battery/Profile/{serial}: switches detailed profiling on or off. */
export function useSaveProfiling(operatingSiteId: number, serial: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileSettingsBody) =>
      api<ProfileSettings>(`${PROFILE_PATH}/${encodeURIComponent(serial)}`, {
        method: 'POST',
        query: { operatingSiteId },
        body,
      }),
    onSuccess: (settings) => queryClient.setQueryData(profileSettingsQuery(operatingSiteId, serial).queryKey, settings),
  });
}
