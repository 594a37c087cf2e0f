import {
  CAMPAIGN_REFRESH_MS,
  type CampaignCreate,
  type CampaignPreview,
  type CampaignProgress,
  type CampaignSites,
  type CampaignSummary,
  type CampaignTarget,
  type FirmwareRelease,
} from '@cbm/contracts/firmware-campaigns';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /firmware/releases: the library of the site's organisation (docs/decisions/038-firmware-campaigns.md). */
export const releasesQuery = (operatingSiteId: number) =>
  queryOptions({
    queryKey: ['firmware-releases', operatingSiteId],
    queryFn: () => api<{ releases: FirmwareRelease[] }>('/firmware/releases', { query: { operatingSiteId } }),
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
      return api<FirmwareRelease>('/firmware/releases', { method: 'POST', query: { operatingSiteId }, body: form });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: releasesQuery(operatingSiteId).queryKey }),
  });
}

export const campaignsQuery = (operatingSiteId: number) =>
  queryOptions({
    queryKey: ['firmware-campaigns', operatingSiteId],
    queryFn: () => api<{ campaigns: CampaignSummary[] }>('/firmware/campaigns', { query: { operatingSiteId } }),
  });
export const useCampaigns = (operatingSiteId: number) => useQuery(campaignsQuery(operatingSiteId));

/** GET /firmware/campaign-sites: the sites of the page's organisation where the user may update (decision 111). */
export const useCampaignSites = (operatingSiteId: number) =>
  useQuery({
    queryKey: ['firmware-campaign-sites', operatingSiteId],
    queryFn: () => api<CampaignSites>('/firmware/campaign-sites', { query: { operatingSiteId } }),
  });

export const usePreviewCampaign = (operatingSiteId: number) =>
  useMutation({
    mutationFn: (target: CampaignTarget) =>
      api<CampaignPreview>('/firmware/campaigns/preview', { method: 'POST', query: { operatingSiteId }, body: target }),
  });

export function useCreateCampaign(operatingSiteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (campaign: CampaignCreate) =>
      api<CampaignProgress>('/firmware/campaigns', { method: 'POST', query: { operatingSiteId }, body: campaign }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignsQuery(operatingSiteId).queryKey }),
  });
}

/** GET /firmware/campaigns/{id}: reloaded every few seconds while the campaign runs. */
export const campaignQuery = (campaignId: number) =>
  queryOptions({
    queryKey: ['firmware-campaign', campaignId],
    queryFn: () => api<CampaignProgress>(`/firmware/campaigns/${campaignId}`),
    refetchInterval: (query) => (query.state.data?.status === 'running' ? CAMPAIGN_REFRESH_MS : false),
  });
export const useCampaign = (campaignId: number) => useQuery(campaignQuery(campaignId));

export type CampaignAction = 'pause' | 'resume' | 'cancel';

export function useSteerCampaign(campaignId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, releaseId }: { action: CampaignAction; releaseId?: number }) =>
      api<CampaignProgress>(`/firmware/campaigns/${campaignId}/${action}`, {
        method: 'POST',
        body: releaseId === undefined ? {} : { releaseId },
      }),
    onSuccess: (progress) => queryClient.setQueryData(campaignQuery(campaignId).queryKey, progress),
  });
}
