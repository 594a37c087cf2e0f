import { describe, expect, it } from 'vitest';
import { arrayRows } from './array-rows';

interface Reading {
  serial: string;
  at: number;
  soc: number | null;
  online: boolean;
}

const readings = arrayRows<Reading>('r', [
  { name: 'serial', type: 'text', value: (reading) => reading.serial },
  { name: 'at', type: 'timestamptz', value: (reading) => reading.at },
  { name: 'soc', type: 'float8', value: (reading) => reading.soc },
  { name: 'online', type: 'bool', value: (reading) => reading.online },
]);

describe('rows as typed arrays', () => {
  it('reads one array per column back as a relation; instants from epoch milliseconds', () => {
    expect(readings.count).toBe(4);
    expect(readings.names).toBe('serial, at, soc, online');
    expect(readings.from).toBe(
      '(SELECT serial, to_timestamp(at / 1000) AS at, soc, online' +
        ' FROM unnest($1::text[], $2::float8[], $3::float8[], $4::bool[]) AS u(serial, at, soc, online)) AS r',
    );
  });

  it('sends each column as one array literal, null as NULL', () => {
    const rows = [
      { serial: 'B "1"', at: 1_764_000_000_123, soc: 63.5, online: true },
      { serial: 'B2', at: 1_764_000_060_000, soc: null, online: false },
    ];
    expect(readings.params(rows)).toEqual([
      '{"B \\"1\\"","B2"}',
      '{1764000000123,1764000060000}',
      '{63.5,NULL}',
      '{t,f}',
    ]);
  });
});
