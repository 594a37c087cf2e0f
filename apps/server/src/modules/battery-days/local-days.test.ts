import { describe, expect, it } from 'vitest';
import { localDays, nextDate } from './local-days';

const HOUR = 3_600_000;
const length = (zone: string, iso: string) => {
  const day = localDays(zone).dayAt(Date.parse(iso));
  return { date: day.date, hours: (day.end - day.start) / HOUR, start: new Date(day.start).toISOString() };
};

describe('localDays', () => {
  it('starts a Berlin day at local midnight, in winter and in summer', () => {
    expect(length('Europe/Berlin', '2026-01-15T12:00:00Z')).toEqual({
      date: '2026-01-15',
      hours: 24,
      start: '2026-01-14T23:00:00.000Z',
    });
    expect(length('Europe/Berlin', '2026-07-01T21:59:59.999Z')).toEqual({
      date: '2026-07-01',
      hours: 24,
      start: '2026-06-30T22:00:00.000Z',
    });
    expect(length('Europe/Berlin', '2026-07-01T22:00:00Z').date).toBe('2026-07-02');
  });

  it('has a 23-hour day when DST starts and a 25-hour day when it ends', () => {
    expect(length('Europe/Berlin', '2026-03-29T12:00:00Z').hours).toBe(23);
    expect(length('Europe/Berlin', '2026-10-25T12:00:00Z').hours).toBe(25);
  });

  it('starts the day at 01:00 where the clocks skip midnight (Chile, September 2026)', () => {
    expect(length('America/Santiago', '2026-09-06T12:00:00Z')).toEqual({
      date: '2026-09-06',
      hours: 23,
      start: '2026-09-06T04:00:00.000Z',
    });
  });

  it('handles zones with half-hour offsets and east of UTC+12', () => {
    expect(length('Asia/Kolkata', '2026-05-01T18:29:59Z')).toMatchObject({
      date: '2026-05-01',
      start: '2026-04-30T18:30:00.000Z',
    });
    expect(length('Pacific/Kiritimati', '2026-05-01T12:00:00Z')).toMatchObject({
      date: '2026-05-02',
      start: '2026-05-01T10:00:00.000Z',
    });
  });

  it('counts in the default zone when the stored zone is unknown', () => {
    expect(localDays('Mars/Olympus').timeZone).toBe('Europe/Berlin');
  });

  it('steps over month and year ends', () => {
    expect(nextDate('2026-12-31')).toBe('2027-01-01');
    expect(nextDate('2028-02-28')).toBe('2028-02-29');
  });
});
