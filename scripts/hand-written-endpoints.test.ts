import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { API_PREFIX } from '@cbm/contracts/endpoint';
import { ALL_ENDPOINTS } from '@cbm/contracts/endpoints';
import { describe, expect, it } from 'vitest';
import { handWrittenEndpoints } from './hand-written-endpoints';

const WEB_SOURCE = resolve(import.meta.dirname, '../apps/web/src');
const PATHS = ALL_ENDPOINTS.map((endpoint) => endpoint.path);
/** The client's own test writes out the addresses it must send: it is what checks the client fills paths rightly. */
const CLIENT_TEST = 'lib/api-client.test.ts';

/** Every source file of the web app, tests included, by its path under apps/web/src. */
function webSources(): Record<string, string> {
  const files = readdirSync(WEB_SOURCE, { recursive: true, encoding: 'utf8' }).filter((file) => /\.tsx?$/.test(file));
  return Object.fromEntries(
    files.filter((file) => file !== CLIENT_TEST).map((file) => [file, readFileSync(join(WEB_SOURCE, file), 'utf8')]),
  );
}

describe('endpoint paths in the web app (decision 133)', () => {
  it('refuses /api/v2, an endpoint’s path and a base path, but not page addresses or comments', () => {
    const found = handWrittenEndpoints(
      {
        'a.ts': "fetch('/api/v2/anything');\n",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the source of a sample file
        'b.ts': 'const enable = (serial: string) => `/battery/BatteryList/${serial}/enableremote`;\n',
        'c.ts': "export const BASE = '/battery/BatteryList';\nconst alerts = '/Alert';\n",
        'd.ts': "export const BATTERY_LIST_PATH = '/battery/BatteryList/B-1/enableremote?operatingSiteId=1';\n",
        'ok.tsx': [
          '/** GET /battery/BatteryList/{serial}: one battery. */',
          // biome-ignore lint/suspicious/noTemplateCurlyInString: the source of a sample file
          'const page = (siteId: number) => `/${siteId}/batteries`;',
          "const signIn = '/signin';",
          "const alarms = '/alarms';",
        ].join('\n'),
      },
      PATHS,
      API_PREFIX,
    );
    expect(found).toEqual([
      'a.ts:1 /api/v2/anything',
      'b.ts:1 /battery/BatteryList/:/enableremote',
      'c.ts:1 /battery/BatteryList',
      'c.ts:2 /Alert',
      'd.ts:1 /battery/BatteryList/B-1/enableremote?operatingSiteId=1',
    ]);
  });

  it('finds none in apps/web/src: every call names its endpoint by the definition in @cbm/contracts', () => {
    expect(handWrittenEndpoints(webSources(), PATHS, API_PREFIX)).toEqual([]);
  });
});
