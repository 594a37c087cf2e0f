import { describe, expect, it } from 'vitest';
import { parseCliOptions, parseDuration } from './cli-options';
import { syntheticBatteries } from './synthetic-fleet';

describe('CLI options', () => {
  it('reads durations', () => {
    expect(parseDuration('500ms')).toBe(500);
    expect(parseDuration('10s')).toBe(10_000);
    expect(parseDuration('1.5m')).toBe(90_000);
    expect(parseDuration('2h')).toBe(7_200_000);
    expect(() => parseDuration('10')).toThrow(/not a duration/);
  });

  it('shares one connection per 12,500 batteries by default, at most 16', () => {
    expect(parseCliOptions(['--batteries', '100000']).connections).toBe(8);
    expect(parseCliOptions(['--batteries', '1000000']).connections).toBe(16);
    expect(parseCliOptions(['--batteries', '10', '--connections', 'per-device']).connections).toBeNull();
  });

  it('takes the load-test example and checks what it cannot use', () => {
    const options = parseCliOptions([
      '--batteries',
      '100000',
      '--interval',
      '10s',
      '--broker',
      'mqtt://127.0.0.1:1883',
      '--duration',
      '5m',
    ]);
    expect(options).toMatchObject({ batteries: 100_000, intervalMs: 10_000, durationMs: 300_000, speed: 1 });
    expect(() => parseCliOptions(['--batteries', '0'])).toThrow(/positive/);
    expect(() => parseCliOptions(['--provision', 'postgres://x/y'])).toThrow(/--site/);
    expect(() => parseCliOptions(['--provision', 'data/pglite', '--site', '4'])).toThrow(/PostgreSQL URL/);
    const withGateway = ['--provision', 'postgres://x/y', '--site', '4', '--username', 'gateway-a', '--password', 'p'];
    expect(() => parseCliOptions(withGateway)).toThrow(/registers its own gateway/);
    expect(() => parseCliOptions(['--site-prefix', 'a/b'])).toThrow(/prefix/);
  });

  it('takes a secret that starts with a dash when given with "="', () => {
    const options = parseCliOptions(['--username', 'gateway-a', '--password=-Xa_9']);
    expect(options.gateway).toEqual({ username: 'gateway-a', password: '-Xa_9' });
    expect(() => parseCliOptions(['--username', 'gateway-a', '--password', '-Xa_9'])).toThrow(/ambiguous/);
  });

  it('makes distinct serials that the protocol accepts', () => {
    const batteries = syntheticBatteries(5, 'LOAD', 'Europe/Berlin');
    expect(batteries.map((battery) => battery.serialNumber)).toEqual([
      'LOAD000001',
      'LOAD000002',
      'LOAD000003',
      'LOAD000004',
      'LOAD000005',
    ]);
    expect(new Set(batteries.map((battery) => battery.batteryType)).size).toBe(4);
  });
});
