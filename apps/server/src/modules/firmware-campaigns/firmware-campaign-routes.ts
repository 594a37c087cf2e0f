import { firmwareCampaignsEndpoints } from '@cbm/contracts/endpoints/firmware-campaigns';
import type { Feature } from '@cbm/contracts/features';
import { UPDATE_FILE_MAX_BYTES } from '@cbm/contracts/update-jobs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { readUpload } from '../../plugins/uploads';
import { fromEndpoint } from '../../route-from-endpoint';
import { canAccessSite, requireSiteAccess } from '../sites/site-access';
import { siteRepository } from '../sites/site-repository';
import { updateFileStore } from '../updates/update-file-store';
import { requireCampaign, requireTargetSites } from './campaign-access';
import { campaignProgress } from './campaign-progress';
import { campaignRepository, toSummary } from './campaign-repository';
import { campaignRunner } from './campaign-runner';
import { type CampaignAction, createCampaign, previewCampaign, steerCampaign } from './campaign-service';
import { releaseRepository } from './release-repository';
import { addRelease } from './release-service';

const FEATURE: Feature = 'cbm_update';
const config = { features: [FEATURE] };
const tags = ['firmware campaigns'];

export interface FirmwareCampaignRoutesOptions {
  db: Database;
  dataDir: string;
  publicUrl: string | undefined;
  commandsPerSecond: number;
}

/** The firmware library and campaigns in waves (decision 038), all under cbm_update. */
export async function firmwareCampaignRoutes(app: FastifyInstance, options: FirmwareCampaignRoutesOptions) {
  const { db } = options;
  const sites = siteRepository(db);
  const releases = releaseRepository(db);
  const campaigns = campaignRepository(db);
  const files = updateFileStore(options.dataDir);
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.jobs.schedule(campaignRunner(app, { db, commandsPerSecond: options.commandsPerSecond }).job);

  /** The organisation of the page's site, for a user who may update there. */
  const organizationAt = async (request: FastifyRequest, siteId: number) => {
    const user = await requireSiteAccess(sites, request, siteId, FEATURE);
    return { user, organizationId: await releases.organizationOfSite(siteId) };
  };

  api.route(
    fromEndpoint(firmwareCampaignsEndpoints.releases, {
      config,
      schema: { tags },
      handler: async (request) => {
        const { organizationId } = await organizationAt(request, request.query.operatingSiteId);
        return { releases: await releases.list(organizationId) };
      },
    }),
  );

  api.route(
    fromEndpoint(firmwareCampaignsEndpoints.uploadRelease, {
      status: 201,
      config,
      schema: { tags, consumes: ['multipart/form-data'] },
      handler: async (request, reply) => {
        const siteId = request.query.operatingSiteId;
        const { user, organizationId } = await organizationAt(request, siteId);
        const upload = await readUpload(request, {
          maxBytes: UPDATE_FILE_MAX_BYTES,
          userId: user.id,
          receive: (file) => files.receive(file.stream),
          abandon: (image) => image.discard(),
        });
        try {
          return reply.code(201).send(await addRelease(db, upload, { organizationId, siteId, user }));
        } finally {
          await upload?.received.discard();
        }
      },
    }),
  );

  api.route(
    fromEndpoint(firmwareCampaignsEndpoints.preview, {
      config,
      schema: { tags },
      handler: async (request) => {
        const { organizationId } = await organizationAt(request, request.query.operatingSiteId);
        await requireTargetSites(sites, releases, request, request.body.operatingSiteIds, organizationId);
        return previewCampaign(db, organizationId, request.body);
      },
    }),
  );

  api.route(
    fromEndpoint(firmwareCampaignsEndpoints.sites, {
      config,
      schema: {
        tags,
        summary: "The sites of the page's organisation where the user may update: those a campaign can use",
      },
      handler: async (request) => {
        const { user, organizationId } = await organizationAt(request, request.query.operatingSiteId);
        const accessible = await sites.accessibleSiteIds(user.id, FEATURE);
        const organizations = await releases.organizationsOfSites(accessible);
        const usable = accessible.filter((siteId) => organizations.get(siteId) === organizationId);
        const nameOf = await releases.names([organizationId, ...usable]);
        return {
          organization: { id: organizationId, name: nameOf(organizationId) },
          sites: usable
            .map((operatingSiteId) => ({ operatingSiteId, name: nameOf(operatingSiteId) }))
            .sort((a, b) => a.name.localeCompare(b.name)),
        };
      },
    }),
  );

  api.route(
    fromEndpoint(firmwareCampaignsEndpoints.campaigns, {
      config,
      schema: { tags },
      handler: async (request) => {
        const { user, organizationId } = await organizationAt(request, request.query.operatingSiteId);
        const visible = [];
        for (const campaign of await campaigns.list(organizationId)) {
          const siteIds = await campaigns.sitesOf(campaign.id);
          const allowed = await Promise.all(siteIds.map((siteId) => canAccessSite(sites, user, siteId, FEATURE)));
          if (allowed.every(Boolean)) visible.push(toSummary(campaign));
        }
        return { campaigns: visible };
      },
    }),
  );

  api.route(
    fromEndpoint(firmwareCampaignsEndpoints.start, {
      status: 201,
      config,
      schema: { tags },
      handler: async (request, reply) => {
        const { user, organizationId } = await organizationAt(request, request.query.operatingSiteId);
        await requireTargetSites(sites, releases, request, request.body.operatingSiteIds, organizationId);
        const campaignId = await createCampaign(db, {
          organizationId,
          request: request.body,
          user: { userId: user.id, email: user.email },
          origin: options.publicUrl ?? `${request.protocol}://${request.host}`,
        });
        const campaign = await campaigns.get(campaignId);
        return reply.code(201).send(await campaignProgress(db, campaign as NonNullable<typeof campaign>));
      },
    }),
  );

  api.route(
    fromEndpoint(firmwareCampaignsEndpoints.progress, {
      config,
      schema: { tags },
      handler: async (request) => {
        const { campaign } = await requireCampaign(sites, campaigns, request, request.params.campaignId);
        return campaignProgress(db, campaign);
      },
    }),
  );

  for (const action of ['pause', 'resume', 'cancel'] as const satisfies CampaignAction[]) {
    api.route(
      fromEndpoint(firmwareCampaignsEndpoints[action], {
        config,
        schema: { tags },
        handler: async (request) => {
          const { campaignId } = request.params;
          const { user, siteIds } = await requireCampaign(sites, campaigns, request, campaignId);
          const releaseId = (request.body as { releaseId?: number } | undefined)?.releaseId;
          await steerCampaign(db, campaignId, action, {
            user: { userId: user.id, email: user.email },
            siteIds,
            ...(releaseId === undefined ? {} : { releaseId }),
          });
          const campaign = await campaigns.get(campaignId);
          return campaignProgress(db, campaign as NonNullable<typeof campaign>);
        },
      }),
    );
  }
}
