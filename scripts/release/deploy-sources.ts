import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { API_PREFIX } from '@cbm/contracts/endpoint';
import { ALL_ENDPOINTS } from '@cbm/contracts/endpoints';
import { parse } from 'yaml';
import { ROOT } from './release-layout';

/** Readers of the deploy files, for deploy-files.test.ts: what each sets, exposes and starts. */

export const readText = (file: string): string => readFileSync(path.join(ROOT, file), 'utf8');

/** The Dockerfile's instructions (continuation lines joined), e.g. ['ENV', 'PORT=8080'], in order. */
export function dockerInstructions(file: string): [string, string][] {
  return readText(file)
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line): [string, string] => {
      const [keyword = '', ...rest] = line.split(/\s+/);
      return [keyword.toUpperCase(), rest.join(' ')];
    });
}

/** `A=1 B=2` lists (Dockerfile ENV, systemd Environment=) as one map; values without spaces or quotes. */
export function assignments(lists: string[]): Record<string, string> {
  const pairs = lists.flatMap((list) => list.trim().split(/\s+/));
  return Object.fromEntries(pairs.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
}

export const dockerEnv = (instructions: [string, string][]): Record<string, string> =>
  assignments(instructions.filter(([keyword]) => keyword === 'ENV').map(([, args]) => args));

export interface ComposeFile {
  services: Record<
    string,
    { environment?: Record<string, string>; ports?: string[]; configs?: { source: string; target: string }[] }
  >;
  configs: Record<string, { file?: string; content?: string }>;
}

/** The compose file as compose reads it with `.env` made from `example` (see substitute); `A:` is A set empty. */
export function composeFile(file: string, example: Record<string, string>): ComposeFile {
  const compose = parse(substitute(readText(file), example)) as ComposeFile;
  for (const service of Object.values(compose.services)) {
    const env = Object.entries(service.environment ?? {});
    service.environment = Object.fromEntries(env.map(([name, value]) => [name, String(value ?? '')]));
  }
  return compose;
}

/**
 * Compose's `${NAME}`, `${NAME:?message}` and `${NAME:-default}` filled in as a user following example.env would:
 * its value, else the default, else a secret as `openssl rand -hex 32` makes one.
 */
export function substitute(text: string, example: Record<string, string>): string {
  return text.replace(/\$\{(\w+)(?::([?-])([^}]*))?\}/g, (_match, name: string, kind?: string, rest?: string) => {
    if (example[name]) return example[name];
    return kind === '-' ? (rest ?? '') : 'a1'.repeat(32);
  });
}

/** `KEY=value` lines (example.env, systemd's Environment= values); comments and blank lines skipped. */
export function keyValues(text: string, separator = '='): Record<string, string> {
  const lines = text.split('\n').filter((line) => line.trim() && !/^\s*[#;]/.test(line));
  return Object.fromEntries(
    lines.map((line) => [
      line.slice(0, line.indexOf(separator)).trim(),
      line.slice(line.indexOf(separator) + 1).trim(),
    ]),
  );
}

/** A systemd unit without its comments: its `Key=value` settings (a repeated key keeps its last) and Environment=. */
export function systemdUnit(file: string): {
  text: string;
  settings: Record<string, string>;
  env: Record<string, string>;
} {
  const lines = readText(file)
    .split('\n')
    .filter((line) => line.includes('=') && !/^\s*[#;]/.test(line));
  const settings = keyValues(lines.join('\n'));
  const environment = lines
    .filter((line) => line.startsWith('Environment='))
    .map((line) => line.slice('Environment='.length));
  return { text: lines.join('\n'), settings, env: assignments(environment) };
}

/** Mosquitto's `key value` lines; a key given twice keeps its last value. */
export function mosquittoSettings(text: string): Record<string, string> {
  const lines = text.split('\n').filter((line) => line.trim() && !line.trim().startsWith('#'));
  return Object.fromEntries(lines.map((line) => line.trim().split(/\s+(.*)/, 2) as [string, string]));
}

/**
 * Every path the server registers a route at: the API's from the endpoint definitions it registers them by
 * (decision 133), the others read from its source (`app.get('/readyz', …)`).
 */
export function serverRoutes(dir = 'apps/server/src'): Set<string> {
  const files = readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
  );
  const literal = files.flatMap((file) =>
    [...readText(path.join(dir, file)).matchAll(/\.(?:get|post|put|patch|delete)\(\s*'(\/[^']*)'/g)].map(
      (match) => match[1] ?? '',
    ),
  );
  return new Set([...literal, ...ALL_ENDPOINTS.map((definition) => `${API_PREFIX}${definition.path}`)]);
}

/** The server paths a deploy file calls: probes, metrics and API addresses. */
export const pathsNamed = (text: string): string[] =>
  [...text.matchAll(/\/(?:readyz|healthz|metrics|api\/v2\/[\w/-]*\w)\b/g)].map((match) => match[0]);
