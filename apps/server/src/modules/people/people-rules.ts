import type { Feature } from '@cbm/contracts/features';
import type { Person, PersonAccess } from '@cbm/contracts/people';
import type { SitePermission } from '@cbm/contracts/site-permissions';
import type { Holdings, PersonRow } from './people-repository';

/** What an administrator may grant in one organisation: their features, and their rules at the sites they manage. */
export interface GrantScope {
  features: ReadonlySet<Feature>;
  sites: ReadonlyMap<number, readonly SitePermission[]>;
}

/**
 * What of `access` the administrator may not grant (decision 037): features they do not hold, sites they
 * do not manage, rules they do not hold at that site. Empty when all of it is theirs to give.
 */
export function ungrantable(scope: GrantScope, access: PersonAccess): string[] {
  const refused: string[] = access.features.filter((feature) => !scope.features.has(feature));
  for (const site of access.sites) {
    const held = scope.sites.get(site.operatingSiteId);
    if (!held) refused.push(`site ${site.operatingSiteId}`);
    else
      refused.push(
        ...site.permissions.filter((p) => !held.includes(p)).map((p) => `${p} (site ${site.operatingSiteId})`),
      );
  }
  return refused;
}

/**
 * An administrator may change a user whose rights lie wholly within their own: every feature held by the
 * administrator, every site (in any organisation) managed by them. Never their own account.
 */
export function isManageable(
  admin: { id: number; features: ReadonlySet<Feature>; managedSiteIds: ReadonlySet<number> },
  userId: number,
  holdings: Holdings,
): boolean {
  if (userId === admin.id) return false;
  if (!holdings.features.every((feature) => admin.features.has(feature))) return false;
  return [...holdings.sites.keys()].every((siteId) => admin.managedSiteIds.has(siteId));
}

/** A user as the Users page shows them: sites restricted to those of the organisation. */
export function toPerson(
  row: PersonRow,
  holdings: Holdings,
  organizationSiteIds: ReadonlySet<number>,
  manageable: boolean,
): Person {
  return {
    userId: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    status: row.disabled ? 'disabled' : row.invited ? 'invited' : 'active',
    lastSignInAt: row.last_sign_in_at ? new Date(row.last_sign_in_at).toISOString() : null,
    features: [...holdings.features].sort(),
    sites: [...holdings.sites]
      .filter(([siteId]) => organizationSiteIds.has(siteId))
      .sort(([a], [b]) => a - b)
      .map(([operatingSiteId, permissions]) => ({ operatingSiteId, permissions: [...permissions].sort() })),
    manageable,
  };
}

/** Access in a canonical order, so that equal access compares equal. */
export function normalizedAccess(access: PersonAccess): PersonAccess {
  return {
    features: [...access.features].sort(),
    sites: [...access.sites]
      .sort((a, b) => a.operatingSiteId - b.operatingSiteId)
      .map((site) => ({ operatingSiteId: site.operatingSiteId, permissions: [...site.permissions].sort() })),
  };
}

/** The audit's before and after: only the fields that changed; undefined when nothing did. */
export function accessChange(before: PersonAccess, after: PersonAccess) {
  const [previous, next] = [normalizedAccess(before), normalizedAccess(after)];
  const fields = (['features', 'sites'] as const).filter(
    (field) => JSON.stringify(previous[field]) !== JSON.stringify(next[field]),
  );
  if (fields.length === 0) return undefined;
  return {
    previous: Object.fromEntries(fields.map((field) => [field, previous[field]])),
    next: Object.fromEntries(fields.map((field) => [field, next[field]])),
  };
}
