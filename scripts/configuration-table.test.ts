import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV_NAMES, loadConfig } from '../apps/server/src/config';

// README's configuration table is the one list of the server's variables (docs/operations.md links to it): it
// names every variable apps/server/src/config.ts reads, no other, each with the default the code has.

/** Defaults the table describes in words, since the code computes them. */
const DESCRIBED_DEFAULTS = new Set(['MAP_TILE_URL', 'MQTT_HOST', 'MQTT_CLIENT_ID']);

function documented(): Map<string, string> {
  const readme = readFileSync(path.join(import.meta.dirname, '../README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Configuration'));
  const rows = section
    .split('\n')
    .filter((line) => /^\| `[A-Z_]+`/.test(line))
    .map((line) => line.split('|').map((cell) => cell.trim()));
  const table = new Map<string, string>();
  for (const [, names = '', defaults = ''] of rows) {
    const nameList = names.split(', ').map((name) => name.replaceAll('`', ''));
    const defaultList = nameList.length > 1 ? defaults.split(', ') : [defaults];
    nameList.forEach((name, index) => {
      table.set(name, defaultList[index] ?? defaultList[0] ?? '');
    });
  }
  return table;
}

describe("README's configuration table", () => {
  const table = documented();
  const defaults = loadConfig({}) as unknown as Record<string, unknown>;

  it('names every variable the server reads, and no other', () => {
    expect([...table.keys()].sort()).toEqual([...ENV_NAMES].sort());
  });

  it("gives each variable the code's default", () => {
    const wrong = [...table]
      .filter(([name]) => !DESCRIBED_DEFAULTS.has(name))
      .filter(([name, written]) => {
        const value = defaults[name];
        if (written.startsWith('–')) return value !== undefined && value !== false;
        return written !== `\`${String(value)}\``;
      })
      .map(([name, written]) => `${name}: README ${written}, code ${String(defaults[name])}`);
    expect(wrong).toEqual([]);
  });
});
