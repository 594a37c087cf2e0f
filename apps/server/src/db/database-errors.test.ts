import { describe, expect, it } from 'vitest';
import { isDatabaseFull, isDatabaseUnavailable, isInvalidValue } from './database-errors';

describe('isDatabaseUnavailable', () => {
  it.each([
    [Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    [Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    [Object.assign(new Error('the database system is starting up'), { code: '57P03' })],
    [Object.assign(new Error('connection failure'), { code: '08006' })],
    [Object.assign(new Error('could not extend file: No space left on device'), { code: '53100' })],
    [Object.assign(new Error('sorry, too many clients already'), { code: '53300' })],
    [Object.assign(new Error('cannot execute INSERT in a read-only transaction'), { code: '25006' })],
    [new Error('Connection terminated unexpectedly')],
    [new Error('timeout exceeded when trying to connect')],
  ])('knows %s as the database being away', (error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    [Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' })],
    [Object.assign(new Error('syntax error'), { code: '42601' })],
    [new Error('something else')],
    [undefined],
    ['text'],
  ])('does not take %s for an outage', (error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('isDatabaseFull', () => {
  it('knows disk_full (53100) and nothing else', () => {
    expect(isDatabaseFull(Object.assign(new Error('could not extend file'), { code: '53100' }))).toBe(true);
    expect(isDatabaseFull(Object.assign(new Error('out of memory'), { code: '53200' }))).toBe(false);
    expect(isDatabaseFull(undefined)).toBe(false);
  });
});

describe('isInvalidValue', () => {
  it('knows PostgreSQL data exceptions as the request’s fault', () => {
    expect(
      isInvalidValue(Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' })),
    ).toBe(true);
    expect(isInvalidValue(Object.assign(new Error('integer out of range'), { code: '22003' }))).toBe(true);
    expect(isInvalidValue(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
  });
});
