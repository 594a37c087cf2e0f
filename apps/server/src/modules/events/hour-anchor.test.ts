import { describe, expect, it } from 'vitest';
import { anchorOf, type HourSpan, spansRead, spansToCount } from './hour-anchor';

const H = 3_600_000;
const span = (hour: number, events: number, matching?: number, whole = true): HourSpan => ({
  hour: hour * H,
  lo: hour * H,
  hi: (hour + 1) * H,
  whole,
  events,
  ...(matching !== undefined && { matching }),
});

describe('spansToCount', () => {
  it('counts the unknown spans ahead of the offset within the budget', () => {
    const spans = [span(9, 10), span(8, 50, 20), span(7, 30), span(6, 40, 30), span(5, 60)];
    expect(spansToCount(spans, 25, 100).map((s) => s.hour / H)).toEqual([9, 7]);
    expect(spansToCount(spans, 5, 100).map((s) => s.hour / H)).toEqual([9]);
  });

  it('stops at the first unknown span past the budget', () => {
    const spans = [span(9, 10), span(8, 200), span(7, 5)];
    expect(spansToCount(spans, 1_000, 100).map((s) => s.hour / H)).toEqual([9]);
  });
});

describe('anchorOf', () => {
  const known = [span(9, 10, 4), span(8, 50, 0), span(7, 30, 6), span(6, 40, 3)];

  it('finds the span holding the row and the rows ahead of it', () => {
    expect(anchorOf(known, 0)).toEqual({ index: 0, before: 0 });
    expect(anchorOf(known, 3)).toEqual({ index: 0, before: 0 });
    expect(anchorOf(known, 4)).toEqual({ index: 2, before: 4 });
    expect(anchorOf(known, 9)).toEqual({ index: 2, before: 4 });
    expect(anchorOf(known, 10)).toEqual({ index: 3, before: 10 });
  });

  it('stops at an unknown span and goes past the end beyond all rows', () => {
    expect(anchorOf([span(9, 10, 4), span(8, 5), span(7, 30, 6)], 8)).toEqual({ index: 1, before: 4 });
    expect(anchorOf(known, 13)).toEqual({ index: 4, before: 13 });
  });
});

describe('spansRead', () => {
  const spans = [span(9, 10, undefined, false), span(8, 50), span(7, 30), span(6, 40)];

  it('learns every whole span after the start when the read went to the end', () => {
    const read = new Map([
      [9 * H, 2],
      [7 * H, 5],
    ]);
    expect(spansRead(spans, 0, read, true, true).map((s) => [s.hour / H, s.matching])).toEqual([
      [8, 0],
      [7, 5],
      [6, 0],
    ]);
  });

  it('leaves the last hour of a cut-off read open, in either direction', () => {
    const read = new Map([
      [8 * H, 3],
      [7 * H, 5],
    ]);
    expect(spansRead(spans, 1, read, false, true).map((s) => [s.hour / H, s.matching])).toEqual([[8, 3]]);
    const ascending = [...spans].reverse();
    expect(spansRead(ascending, 0, read, false, false).map((s) => [s.hour / H, s.matching])).toEqual([
      [6, 0],
      [7, 5],
    ]);
  });
});
