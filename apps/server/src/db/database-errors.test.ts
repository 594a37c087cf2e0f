import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-errors';

describe('isDatabaseUnavailable', () => {
  it.each([
    [Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    [Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    [Object.assign(new Error('the database system is starting up'), { code: '57P03' })],
    [Object.assign(new Error('connection failure'), { code: '08006' })],
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
