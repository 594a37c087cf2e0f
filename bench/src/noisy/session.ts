import type { SiteNode } from '@cbm/contracts/sites';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoAccount } from '@cbm/demo-fixtures/demo-users';

/** A signed-in demo account on the bench server: its cookie and the operating sites it sees. */
export interface Session {
  base: string;
  cookie: string;
  siteIds: number[];
}

export async function signIn(base: string, account: DemoAccount): Promise<Session> {
  const login = await fetch(`${base}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEMO_ACCOUNTS[account], password: DEMO_PASSWORD }),
  });
  if (!login.ok) throw new Error(`signing in as ${account}: ${login.status} ${await login.text()}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] as string;
  const tree = (await (
    await fetch(`${base}/api/v2/OperatingSites/info`, { headers: { cookie } })
  ).json()) as SiteNode[];
  const siteIds: number[] = [];
  const visit = (nodes: SiteNode[]) => {
    for (const node of nodes) {
      if (node.type === 'operatingSite') siteIds.push(node.operatingSiteId);
      visit(node.children);
    }
  };
  visit(tree);
  return { base, cookie, siteIds };
}

/** A JSON call with the session; throws with the server's answer unless it is 2xx. */
export async function call<T>(session: Session, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${session.base}${path}`, {
    method,
    headers: { cookie: session.cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
