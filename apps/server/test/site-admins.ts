import type { Feature } from '@cbm/contracts/features';
import type { SiteNode } from '@cbm/contracts/sites';
import { DEMO_PASSWORD } from '@cbm/demo-fixtures/demo-users';
import { hashPassword } from '../src/modules/identity/passwords';
import { userRepository } from '../src/modules/users/user-repository';
import type { TestApp } from './test-app';

/** Ids of every node of the site tree (organisations, regions, operating sites) by name, as the admin sees it. */
export async function siteNodeIds(t: TestApp, adminCookie: string): Promise<Record<string, number>> {
  const response = await t.request({ url: '/api/v2/OperatingSites/info', cookie: adminCookie });
  const ids: Record<string, number> = {};
  const visit = (nodes: SiteNode[]) => {
    for (const node of nodes) {
      ids[node.name] = node.operatingSiteId;
      visit(node.children);
    }
  };
  visit(response.json() as SiteNode[]);
  return ids;
}

export interface ScopedAdmin {
  email: string;
  features: readonly Feature[];
  /** Tree nodes the user holds every feature at. */
  manages: readonly number[];
  /** Tree nodes the user may only see, with one feature. */
  sees?: readonly { nodeId: number; feature: Feature }[];
}

/** Creates an account whose admin scope is narrower than the demo admin's; returns its session cookie. */
export async function signInScopedAdmin(t: TestApp, admin: ScopedAdmin): Promise<string> {
  const users = userRepository(t.db);
  const userId = await users.create({
    email: admin.email,
    passwordHash: await hashPassword(DEMO_PASSWORD),
    firstName: 'Scoped',
    lastName: 'Admin',
  });
  await users.grantFeatures(userId, admin.features);
  for (const nodeId of admin.manages) await users.grantSite(userId, nodeId);
  for (const { nodeId, feature } of admin.sees ?? []) await users.grantSite(userId, nodeId, feature);
  return t.signIn(admin.email);
}

/**
 * The sign-ins a charger-station feature's access tests use: the demo admin, operator and stations users, and a
 * scoped admin of Hamburg Hafen who holds `feature` but not the site's permission for it; with two sites' ids.
 */
export async function signInStationUsers(t: TestApp, feature: Feature) {
  const admin = await t.signIn('admin@cbm.demo');
  const ids = await siteNodeIds(t, admin);
  const hamburg = ids['Hamburg Hafen'] as number;
  return {
    admin,
    operator: await t.signIn('operator@cbm.demo'),
    stations: await t.signIn('stations@cbm.demo'),
    noPermission: await signInScopedAdmin(t, {
      email: 'no-permission@cbm.test',
      features: [feature],
      manages: [hamburg],
    }),
    hamburg,
    wien: ids['Wien Süd'] as number,
  };
}
