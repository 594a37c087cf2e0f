import { AUDIT_ACTIONS } from '@cbm/contracts/audit';
import { peopleEndpoints } from '@cbm/contracts/endpoints/people';
import { PEOPLE_ADMIN_FEATURE } from '@cbm/contracts/people';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { fromEndpoint } from '../../route-from-endpoint';
import { auditRepository } from '../audit/audit-repository';
import { adminContext } from '../people/people-context';
import { twoFactorRepository } from './two-factor-repository';

const config = { features: [PEOPLE_ADMIN_FEATURE] };
const schema = { tags: ['people'] };

/**
 * Whether the organisation of a site requires two-factor sign-in of its users: read and set by its user
 * administrators (cbm_osadmin at a site of it, as on the Users page; decisions 037, 042).
 */
export async function twoFactorPolicyRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route(
    fromEndpoint(peopleEndpoints.twoFactorPolicy, {
      config,
      schema,
      handler: async (request) => {
        const context = await adminContext(db, request, request.query.operatingSiteId);
        return { required: await twoFactorRepository(db).policy(context.organizationId) };
      },
    }),
  );

  api.route(
    fromEndpoint(peopleEndpoints.setTwoFactorPolicy, {
      config,
      schema,
      handler: async (request) => {
        const context = await adminContext(db, request, request.query.operatingSiteId);
        const { required } = request.body;
        await db.transaction(async (tx) => {
          const store = twoFactorRepository(tx);
          const before = await store.policy(context.organizationId);
          if (before === required) return;
          await store.setPolicy(context.organizationId, required);
          await auditRepository(tx).record({ userId: context.admin.id, email: context.admin.email }, [
            {
              action: AUDIT_ACTIONS.userTwoFactorPolicyChanged,
              entityType: 'operatingSite',
              entityId: String(context.organizationId),
              siteIds: context.auditSiteIds,
              previous: { twoFactorRequired: before },
              next: { twoFactorRequired: required },
            },
          ]);
        });
        return { required };
      },
    }),
  );
}
