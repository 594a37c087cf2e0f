import { test as base } from '@playwright/test';
import { ALL_SITES, type SiteName } from './demo-sites';
import {
  DEMO_PASSWORD,
  DEMO_USERS,
  type DemoUser,
  languageOf,
  type SignInOptions,
  signIn,
  signInThroughPage,
} from './demo-users';
import { baseUrl } from './server-env';

interface SiteNode {
  operatingSiteId: number;
  name: string;
  type: string;
  children: SiteNode[];
}

interface TestFixtures {
  /** Signs in as a demo user with the sign-in call (sign-in.spec.ts drives the real page). */
  signIn: (user: DemoUser, options?: Omit<SignInOptions, 'language'>) => Promise<void>;
  /** Signs in as a demo user through the real sign-in page, in the browser's locale. */
  signInThroughPage: (user: DemoUser, options?: Omit<SignInOptions, 'language'>) => Promise<void>;
  /** URLs outside the test server that the page tried to reach (none of them resolves). */
  foreignRequests: string[];
}

interface WorkerFixtures {
  /** Operating-site ids by site name, as the server seeded them. */
  siteIds: Record<SiteName, number>;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use) => use(baseUrl()),

  // Nothing outside the test server is reachable, as on an offline machine: Chromium resolves no other host
  // (playwright.config.ts), so map tiles fail deterministically. The fixture only listens: routing requests
  // through the test process turned off the browser's cache (whole suite, paired runs: 704 → 649 s).
  foreignRequests: [
    async ({ context }, use) => {
      const origin = new URL(baseUrl()).origin;
      const attempted: string[] = [];
      context.on('request', (request) => {
        const url = new URL(request.url());
        if (url.protocol.startsWith('http') && url.origin !== origin) attempted.push(request.url());
      });
      await use(attempted);
    },
    { auto: true },
  ],

  signIn: async ({ page }, use) => {
    await use((user, options) => signIn(page, user, options ?? {}));
  },

  signInThroughPage: async ({ page, locale }, use) => {
    await use((user, options) => signInThroughPage(page, user, { ...options, language: languageOf(locale) }));
  },

  siteIds: [
    async ({ playwright }, use) => {
      const api = await playwright.request.newContext({ baseURL: baseUrl() });
      const login = await api.post('/api/v2/auth/login', {
        data: { username: DEMO_USERS.admin, password: DEMO_PASSWORD },
      });
      if (!login.ok()) throw new Error(`admin sign-in for the site ids failed: ${login.status()}`);
      const tree = (await (await api.get('/api/v2/OperatingSites/info')).json()) as SiteNode[];
      await api.dispose();
      const ids: Record<string, number> = {};
      const visit = (nodes: SiteNode[]) => {
        for (const node of nodes) {
          if (node.type === 'operatingSite') ids[node.name] = node.operatingSiteId;
          visit(node.children);
        }
      };
      visit(tree);
      const expected = Object.keys(ALL_SITES).sort();
      if (JSON.stringify(Object.keys(ids).sort()) !== JSON.stringify(expected)) {
        throw new Error(`The demo sites changed: expected ${expected.join(', ')}; got ${Object.keys(ids).join(', ')}`);
      }
      await use(ids as Record<SiteName, number>);
    },
    { scope: 'worker' },
  ],
});

export { expect } from '@playwright/test';
