import { AUDIT_ACTIONS } from '@cbm/contracts/audit';
import { PEOPLE_ADMIN_FEATURE, type Person } from '@cbm/contracts/people';
import type { FastifyRequest } from 'fastify';
import type { Database, Queryable } from '../../db/database';
import { HttpError, siteNotManaged } from '../../http-error';
import { auditRepository } from '../audit/audit-repository';
import { requireManagedSite } from '../sites/site-access';
import { siteRepository } from '../sites/site-repository';
import { peopleRepository } from './people-repository';
import { type GrantScope, isManageable, toPerson } from './people-rules';

type SessionUser = Awaited<ReturnType<FastifyRequest['requireUser']>>;

/** The administrator of a request and their scope in the organisation of the requested site (decision 037). */
export interface AdminContext {
  admin: SessionUser;
  organizationId: number;
  organizationSiteIds: ReadonlySet<number>;
  /** Operating sites (any organisation) where the administrator holds cbm_osadmin. */
  managedSiteIds: ReadonlySet<number>;
  scope: GrantScope;
  /** The sites whose audit log shows the administrator's changes: those they manage in the organisation. */
  auditSiteIds: number[];
  siteNames: Map<number, string>;
}

export const personNotFound = (id: number) => new HttpError(404, 'people.notFound', 'errors.personNotFound', { id });

export async function adminContext(db: Queryable, request: FastifyRequest, siteId: number): Promise<AdminContext> {
  const sites = siteRepository(db);
  const people = peopleRepository(db);
  const admin = await requireManagedSite(sites, request, siteId, PEOPLE_ADMIN_FEATURE);
  const organizationId = await people.organizationOf(siteId);
  if (organizationId === undefined) throw siteNotManaged(siteId);
  const [organizationSites, managed, holdings] = await Promise.all([
    people.sitesOf(organizationId),
    sites.accessibleSiteIds(admin.id, PEOPLE_ADMIN_FEATURE),
    people.holdings([admin.id]),
  ]);
  const managedSiteIds = new Set(managed);
  const adminSites = holdings.get(admin.id)?.sites ?? new Map();
  const auditSiteIds = organizationSites.map((site) => site.id).filter((id) => managedSiteIds.has(id));
  return {
    admin,
    organizationId,
    organizationSiteIds: new Set(organizationSites.map((site) => site.id)),
    managedSiteIds,
    scope: {
      features: admin.features,
      sites: new Map(auditSiteIds.map((id) => [id, adminSites.get(id) ?? []])),
    },
    auditSiteIds,
    siteNames: new Map(organizationSites.map((site) => [site.id, site.name])),
  };
}

/** The users of the context's organisation (one when `userId` is given), as the page shows them. */
export async function listPeople(db: Queryable, context: AdminContext, userId: number | null = null) {
  const people = peopleRepository(db);
  const rows = await people.people(context.organizationId, userId);
  const holdings = await people.holdings(rows.map((row) => row.id));
  const admin = { id: context.admin.id, features: context.admin.features, managedSiteIds: context.managedSiteIds };
  return rows.map((row) => {
    const held = holdings.get(row.id) ?? { features: [], sites: new Map() };
    return toPerson(row, held, context.organizationSiteIds, isManageable(admin, row.id, held));
  });
}

/**
 * The user to change: 404 when not in the organisation, 409 for one's own account, 403 when their rights
 * reach beyond the administrator's. Locks the user's row when given a transaction.
 */
export async function manageablePerson(tx: Queryable, context: AdminContext, userId: number): Promise<Person> {
  if (userId === context.admin.id) throw new HttpError(409, 'people.ownAccount', 'errors.personOwnAccount');
  await peopleRepository(tx).lock(userId);
  const [person] = await listPeople(tx, context, userId);
  if (!person) throw personNotFound(userId);
  if (!person.manageable) throw new HttpError(403, 'people.notManageable', 'errors.personNotManageable');
  return person;
}

/**
 * Runs an administrator's change; a refusal (403, 404, 409) is recorded in the audit log with its reason
 * after the change's transaction rolled back, then answered.
 */
export async function auditedRefusals<T>(
  db: Database,
  context: AdminContext,
  attempt: { action: string; entityId: string },
  change: () => Promise<T>,
): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (error instanceof HttpError && [403, 404, 409].includes(error.statusCode)) {
      await auditRepository(db).record({ userId: context.admin.id, email: context.admin.email }, [
        {
          action: AUDIT_ACTIONS.userChangeRefused,
          entityType: 'user',
          entityId: attempt.entityId,
          siteIds: context.auditSiteIds,
          next: { action: attempt.action, reason: error.code },
        },
      ]);
    }
    throw error;
  }
}
