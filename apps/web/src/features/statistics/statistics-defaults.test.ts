import { describe, expect, it } from 'vitest';
import { defaultStatisticsQuery } from './statistics-defaults';

describe('statistics defaults', () => {
  it('open on the first type for the whole site, by day, over last month in the site’s zone', () => {
    const query = defaultStatisticsQuery(4, 'Europe/Berlin', new Date('2026-11-25T14:00:00Z'));
    expect(query).toMatchObject({
      operatingSiteId: 4,
      type: 'startsoc',
      groupBy: 'organization',
      granularity: 'day',
      timeZone: 'Europe/Berlin',
    });
    expect([new Date(query.from).toISOString(), new Date(query.to).toISOString()]).toEqual([
      '2026-09-30T22:00:00.000Z',
      '2026-10-31T23:00:00.000Z',
    ]);
  });
});
