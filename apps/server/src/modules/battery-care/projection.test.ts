import { describe, expect, it } from 'vitest';
import { type DayValue, dayOf, projectCrossing } from './projection';

const TODAY = dayOf('2026-12-01');
const line = (days: number, start: number, perDay: number, noise = 0): DayValue[] =>
  Array.from({ length: days }, (_, n) => ({
    day: TODAY - days + n,
    value: start + perDay * n + (n % 7 === 3 ? noise : 0) + (noise ? (((n * 37) % 11) - 5) * 0.02 : 0),
  }));

describe('projectCrossing', () => {
  it('finds the day a falling line reaches the target, its band around it, and shrugs off odd readings', () => {
    // 90 % falling 0.01 per day: 80 % 1,000 days after the first point, 800 after today.
    const projection = projectCrossing(line(200, 90, -0.01, -5), 80, TODAY, 'falling');
    expect(projection.status).toBe('projected');
    expect(projection.date?.slice(0, 7)).toBe('2029-02');
    const { earliest, date, latest } = projection;
    expect([earliest, date, latest].sort()).toEqual([earliest, date, latest]);
    expect(earliest).not.toBe(latest);
    expect(projection.basis.perYear).toBeCloseTo(-3.6525, 3);
  });

  it('says when there is not enough history, no trend, or the target is already reached', () => {
    expect(projectCrossing(line(20, 90, -0.01), 80, TODAY, 'falling').status).toBe('notEnoughHistory');
    expect(projectCrossing(line(100, 90, 0), 80, TODAY, 'falling').status).toBe('noTrend');
    expect(projectCrossing(line(100, 85, -0.1), 80, TODAY, 'falling').status).toBe('reached');
    expect(projectCrossing(line(100, 1000, 5), 2000, TODAY, 'rising').status).toBe('projected');
  });

  it('calls a SoH below the end of life since its first point reached, not a rising line that never gets there', () => {
    expect(projectCrossing(line(90, 74.3, -0.015), 80, TODAY, 'falling').status).toBe('reached');
  });
});
