import type { SiteSettings, SiteSettingsBody, SiteSettingsField } from '@cbm/contracts/admin';
import { AUDIT_ACTIONS } from '@cbm/contracts/audit';
import { siteAdminEndpoints } from '@cbm/contracts/endpoints/site-admin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { siteNotManaged } from '../../http-error';
import { fromEndpoint } from '../../route-from-endpoint';
import { auditRepository } from '../audit/audit-repository';
import { requireManagedSite } from '../sites/site-access';
import { siteRepository } from '../sites/site-repository';
import { siteSettingsRepository } from './site-settings-repository';

const FEATURE = 'cbm_osadmin';

/** GET and POST /OsAdmin: the settings of an operating site (entity fields), for its admins. */
export async function siteSettingsRoutes(app: FastifyInstance, options: { db: Database }) {
  const sites = siteRepository(options.db);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route(
    fromEndpoint(siteAdminEndpoints.settings, {
      config: { features: [FEATURE] },
      schema: { tags: ['site admin'] },
      handler: async (request) => {
        const siteId = request.query.operatingSiteId;
        await requireManagedSite(sites, request, siteId, FEATURE);
        const settings = await siteSettingsRepository(options.db).find(siteId);
        if (!settings) throw siteNotManaged(siteId);
        return settings;
      },
    }),
  );

  api.route(
    fromEndpoint(siteAdminEndpoints.updateSettings, {
      config: { features: [FEATURE] },
      schema: { tags: ['site admin'] },
      handler: async (request) => {
        const siteId = request.query.operatingSiteId;
        const user = await requireManagedSite(sites, request, siteId, FEATURE);
        return options.db.transaction(async (tx) => {
          const settings = siteSettingsRepository(tx);
          const previous = await settings.find(siteId, { forUpdate: true });
          if (!previous) throw siteNotManaged(siteId);
          const changes = changedSettings(previous, request.body);
          if (!changes) return previous;
          await settings.update(siteId, request.body);
          await auditRepository(tx).record({ userId: user.id, email: user.email }, [
            {
              action: AUDIT_ACTIONS.siteSettingsChanged,
              entityType: 'operatingSite',
              entityId: String(siteId),
              siteIds: [siteId],
              ...changes,
            },
          ]);
          return { ...previous, ...request.body };
        });
      },
    }),
  );
}

/** The fields that differ, before and after; undefined when nothing changed. */
function changedSettings(previous: SiteSettings, next: SiteSettingsBody) {
  const fields = (Object.keys(next) as SiteSettingsField[]).filter(
    (field) => next[field] !== undefined && previous[field] !== next[field],
  );
  if (fields.length === 0) return undefined;
  return {
    previous: Object.fromEntries(fields.map((field) => [field, previous[field]])),
    next: Object.fromEntries(fields.map((field) => [field, next[field]])),
  };
}
