import { firmwareCampaignsEndpoints } from '@cbm/contracts/endpoints/firmware-campaigns';
import { CAMPAIGN_REFRESH_MS, type CampaignCreate, type CampaignTarget } from '@cbm/contracts/firmware-campaigns';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** GET /firmware/releases: the library of the site's organisation (docs/decisions/038-firmware-campaigns.md). */
export const releasesQuery = (operatingSiteId: number) =>
  queryOptions({
    queryKey: ['firmware-releases', operatingSiteId],
    queryFn: () => call(firmwareCampaignsEndpoints.releases, { query: { operatingSiteId } }),
  });
export const useReleases = (operatingSiteId: number) => useQuery(releasesQuery(operatingSiteId));

export interface NewRelease {
  file: File;
  version: string;
  batteryTypes: string;
  releaseNotes: string;
}

/** POST /firmware/releases: multipart with the file in firmwareFile. */
export function useAddRelease(operatingSiteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, ...fields }: NewRelease) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append('firmwareFile', file, file.name);
      return call(firmwareCampaignsEndpoints.uploadRelease, { query: { operatingSiteId }, body: form });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: releasesQuery(operatingSiteId).queryKey }),
  });
}

export const campaignsQuery = (operatingSiteId: number) =>
  queryOptions({
    queryKey: ['firmware-campaigns', operatingSiteId],
    queryFn: () => call(firmwareCampaignsEndpoints.campaigns, { query: { operatingSiteId } }),
  });
export const useCampaigns = (operatingSiteId: number) => useQuery(campaignsQuery(operatingSiteId));

/** GET /firmware/campaign-sites: the sites of the page's organisation where the user may update (decision 111). */
export const useCampaignSites = (operatingSiteId: number) =>
  useQuery({
    queryKey: ['firmware-campaign-sites', operatingSiteId],
    queryFn: () => call(firmwareCampaignsEndpoints.sites, { query: { operatingSiteId } }),
  });

export const usePreviewCampaign = (operatingSiteId: number) =>
  useMutation({
    mutationFn: (target: CampaignTarget) =>
      call(firmwareCampaignsEndpoints.preview, { query: { operatingSiteId }, body: target }),
  });

export function useCreateCampaign(operatingSiteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (campaign: CampaignCreate) =>
      call(firmwareCampaignsEndpoints.start, { query: { operatingSiteId }, body: campaign }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignsQuery(operatingSiteId).queryKey }),
  });
}

/** GET /firmware/campaigns/{id}: reloaded every few seconds while the campaign runs. */
export const campaignQuery = (campaignId: number) =>
  queryOptions({
    queryKey: ['firmware-campaign', campaignId],
    queryFn: () => call(firmwareCampaignsEndpoints.progress, { params: { campaignId } }),
    refetchInterval: (query) => (query.state.data?.status === 'running' ? CAMPAIGN_REFRESH_MS : false),
  });
export const useCampaign = (campaignId: number) => useQuery(campaignQuery(campaignId));

export type CampaignAction = 'pause' | 'resume' | 'cancel';

export function useSteerCampaign(campaignId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, releaseId }: { action: CampaignAction; releaseId?: number }) =>
      action === 'resume'
        ? call(firmwareCampaignsEndpoints.resume, { params: { campaignId }, body: { releaseId } })
        : call(firmwareCampaignsEndpoints[action], { params: { campaignId } }),
    onSuccess: (progress) => queryClient.setQueryData(campaignQuery(campaignId).queryKey, progress),
  });
}
