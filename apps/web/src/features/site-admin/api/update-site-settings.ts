import type { SiteSettingsBody } from '@cbm/contracts/admin';
import { siteAdminEndpoints } from '@cbm/contracts/endpoints/site-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { siteTreeQuery } from '../../sites';
import { siteSettingsQuery } from './get-site-settings';

/** POST /OsAdmin; the site tree (names, map markers, time zones) is reloaded after it. */
export function useUpdateSiteSettings(operatingSiteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: SiteSettingsBody) =>
      call(siteAdminEndpoints.updateSettings, { query: { operatingSiteId }, body: settings }),
    onSuccess: async (stored) => {
      queryClient.setQueryData(siteSettingsQuery(operatingSiteId).queryKey, stored);
      await queryClient.invalidateQueries({ queryKey: siteTreeQuery.queryKey });
    },
  });
}
