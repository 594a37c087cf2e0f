import { endpoint } from '../endpoint';
import {
  campaignCreateSchema,
  campaignIdParamsSchema,
  campaignListSchema,
  campaignPreviewSchema,
  campaignProgressSchema,
  campaignResumeSchema,
  campaignSitesSchema,
  campaignTargetSchema,
  firmwareReleaseSchema,
  firmwareReleasesSchema,
  siteQuerySchema,
} from '../firmware-campaigns';

/** The firmware library and campaigns. */
export const firmwareCampaignsEndpoints = {
  releases: endpoint({
    method: 'GET',
    path: '/firmware/releases',
    query: siteQuerySchema,
    response: firmwareReleasesSchema,
  }),
  uploadRelease: endpoint({
    method: 'POST',
    path: '/firmware/releases',
    query: siteQuerySchema,
    response: firmwareReleaseSchema,
  }),
  preview: endpoint({
    method: 'POST',
    path: '/firmware/campaigns/preview',
    query: siteQuerySchema,
    body: campaignTargetSchema,
    response: campaignPreviewSchema,
  }),
  sites: endpoint({
    method: 'GET',
    path: '/firmware/campaign-sites',
    query: siteQuerySchema,
    response: campaignSitesSchema,
  }),
  campaigns: endpoint({
    method: 'GET',
    path: '/firmware/campaigns',
    query: siteQuerySchema,
    response: campaignListSchema,
  }),
  start: endpoint({
    method: 'POST',
    path: '/firmware/campaigns',
    query: siteQuerySchema,
    body: campaignCreateSchema,
    response: campaignProgressSchema,
  }),
  progress: endpoint({
    method: 'GET',
    path: '/firmware/campaigns/:campaignId',
    params: campaignIdParamsSchema,
    response: campaignProgressSchema,
  }),
  pause: endpoint({
    method: 'POST',
    path: '/firmware/campaigns/:campaignId/pause',
    params: campaignIdParamsSchema,
    response: campaignProgressSchema,
  }),
  resume: endpoint({
    method: 'POST',
    path: '/firmware/campaigns/:campaignId/resume',
    params: campaignIdParamsSchema,
    body: campaignResumeSchema,
    response: campaignProgressSchema,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/firmware/campaigns/:campaignId/cancel',
    params: campaignIdParamsSchema,
    response: campaignProgressSchema,
  }),
};
