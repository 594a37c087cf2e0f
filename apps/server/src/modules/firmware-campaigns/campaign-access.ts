import type { FastifyRequest } from 'fastify';
import { HttpError, siteNotFound } from '../../http-error';
import { canAccessSite } from '../sites/site-access';
import type { SiteRepository } from '../sites/site-repository';
import type { CampaignRepository, CampaignRow } from './campaign-repository';
import type { releaseRepository } from './release-repository';

const FEATURE = 'cbm_update';

export const campaignNotFound = (id: number) =>
  new HttpError(404, 'campaigns.notFound', 'errors.campaignNotFound', { id });

/**
 * The user must hold cbm_update at every site of a new campaign (403 naming the first that fails, 404 for a
 * site that does not exist), and every site must be in the organisation of the firmware (decision 038, 400).
 */
export async function requireTargetSites(
  sites: SiteRepository,
  releases: ReturnType<typeof releaseRepository>,
  request: FastifyRequest,
  siteIds: readonly number[],
  organizationId: number,
) {
  const user = await request.requireUser();
  // A few statements whatever the number of sites: under heavy ingestion every round trip waits (decision 046).
  const wanted = [...new Set(siteIds)];
  const accessible = new Set(await sites.accessibleSiteIds(user.id, FEATURE));
  const refused = wanted.find((siteId) => !accessible.has(siteId));
  if (refused !== undefined) {
    if (!(await sites.exists(refused))) throw siteNotFound(refused);
    const nameOf = await releases.names([refused]);
    throw new HttpError(403, 'campaigns.siteNotAllowed', 'errors.campaignSiteNotAllowed', { site: nameOf(refused) });
  }
  const organizations = await releases.organizationsOfSites(wanted);
  const elsewhere = wanted.find((siteId) => organizations.get(siteId) !== organizationId);
  if (elsewhere !== undefined) {
    const other = organizations.get(elsewhere) as number;
    const nameOf = await releases.names([elsewhere, other, organizationId]);
    throw new HttpError(400, 'campaigns.siteNotAllowed', 'errors.campaignOtherOrganization', {
      site: nameOf(elsewhere),
      organization: nameOf(other),
      firmwareOrganization: nameOf(organizationId),
    });
  }
  return user;
}

/** A campaign the user may see and steer: cbm_update at every site it updates; any other answers 404. */
export async function requireCampaign(
  sites: SiteRepository,
  campaigns: CampaignRepository,
  request: FastifyRequest,
  campaignId: number,
): Promise<{ user: Awaited<ReturnType<FastifyRequest['requireUser']>>; campaign: CampaignRow; siteIds: number[] }> {
  const user = await request.requireUser();
  const campaign = await campaigns.get(campaignId);
  if (!campaign) throw campaignNotFound(campaignId);
  const siteIds = await campaigns.sitesOf(campaignId);
  for (const siteId of siteIds) {
    if (!(await canAccessSite(sites, user, siteId, FEATURE))) throw campaignNotFound(campaignId);
  }
  return { user, campaign, siteIds };
}
