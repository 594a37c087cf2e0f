import { describe, expect, it } from 'vitest';
import { compilePlan, DEFAULT_SHIFT_PLAN, localTime, type ShiftPlan, shiftPhase } from './shift-schedule';

const plan = compilePlan(DEFAULT_SHIFT_PLAN);
const at = (iso: string, zone: string) => shiftPhase(plan, localTime(Date.parse(iso), zone));

describe('localTime', () => {
  it('follows the time zone and its daylight saving time', () => {
    // Friday before the switch to summer time: Berlin is UTC+1; the Monday after: UTC+2.
    expect(localTime(Date.parse('2025-03-28T05:30:00Z'), 'Europe/Berlin')).toEqual({ weekday: 4, minute: 390 });
    expect(localTime(Date.parse('2025-03-31T04:30:00Z'), 'Europe/Berlin')).toEqual({ weekday: 0, minute: 390 });
    expect(localTime(Date.parse('2025-03-31T04:30:00Z'), 'America/New_York')).toEqual({ weekday: 0, minute: 30 });
  });
});

describe('shiftPhase', () => {
  it('has two weekday shifts with breaks, in local time', () => {
    expect(at('2025-06-02T04:30:00Z', 'Europe/Berlin')).toEqual({ kind: 'shift', intensity: 1 });
    expect(at('2025-06-02T07:05:00Z', 'Europe/Berlin')).toEqual({ kind: 'break' });
    expect(at('2025-06-02T17:00:00Z', 'Europe/Berlin')).toEqual({ kind: 'shift', intensity: 1 });
    expect(at('2025-06-02T21:00:00Z', 'Europe/Berlin')).toEqual({ kind: 'off' });
    // 06:30 in Berlin is still night in New York.
    expect(at('2025-06-02T04:30:00Z', 'America/New_York')).toEqual({ kind: 'off' });
  });

  it('is quieter on Saturday and off on Sunday', () => {
    expect(at('2025-06-07T06:00:00Z', 'Europe/Berlin')).toEqual({ kind: 'shift', intensity: 0.6 });
    expect(at('2025-06-07T12:00:00Z', 'Europe/Berlin')).toEqual({ kind: 'off' });
    expect(at('2025-06-08T08:00:00Z', 'Europe/Berlin')).toEqual({ kind: 'off' });
  });

  it('moves one truck’s day by its offset', () => {
    const local = localTime(Date.parse('2025-06-02T03:55:00Z'), 'Europe/Berlin');
    expect(shiftPhase(plan, local)).toEqual({ kind: 'off' });
    expect(shiftPhase(plan, local, -10)).toEqual({ kind: 'shift', intensity: 1 });
  });

  it('runs night shifts past midnight and past Sunday night, breaks included', () => {
    const nights: ShiftPlan = [
      [],
      [],
      [],
      [],
      [],
      [],
      [{ start: '22:00', end: '06:00', breaks: [{ start: '02:00', end: '02:30' }] }],
    ];
    const compiled = compilePlan(nights);
    expect(shiftPhase(compiled, { weekday: 6, minute: 23 * 60 })).toEqual({ kind: 'shift', intensity: 1 });
    expect(shiftPhase(compiled, { weekday: 0, minute: 2 * 60 + 10 })).toEqual({ kind: 'break' });
    expect(shiftPhase(compiled, { weekday: 0, minute: 5 * 60 })).toEqual({ kind: 'shift', intensity: 1 });
    expect(shiftPhase(compiled, { weekday: 0, minute: 6 * 60 })).toEqual({ kind: 'off' });
  });
});
