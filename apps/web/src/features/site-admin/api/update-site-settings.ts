import type { SiteSettings, SiteSettingsBody } from '@cbm/contracts/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { siteTreeQuery } from '../../sites';
import { siteSettingsQuery } from './get-site-settings';

/** POST /OsAdmin; the site tree (names, map markers, time zones) is reloaded after it. */
export function useUpdateSiteSettings(operatingSiteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: SiteSettingsBody) =>
      api<SiteSettings>('/OsAdmin', { method: 'POST', query: { operatingSiteId }, body: settings }),
    onSuccess: async (stored) => {
      queryClient.setQueryData(siteSettingsQuery(operatingSiteId).queryKey, stored);
      await queryClient.invalidateQueries({ queryKey: siteTreeQuery.queryKey });
    },
  });
}
