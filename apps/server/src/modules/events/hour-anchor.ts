/**
 * The part of one UTC hour inside the range, in epoch ms: `whole` when the range holds all of the hour. `events`
 * is the hour's event count of the sites (all classes of event, filtered or not); `matching` is known or not.
 */
export interface HourSpan {
  hour: number;
  lo: number;
  hi: number;
  whole: boolean;
  events: number;
  matching?: number;
}

/** Where reading starts: before span `index` in reading order, with `before` matching rows ahead of it. */
export interface SpanAnchor {
  index: number;
  before: number;
}

/**
 * The unknown spans, in reading order, to count before the span holding row `offset` can be found, as long as
 * their events fit the budget: counting stops at the first that does not.
 */
export function spansToCount(spans: readonly HourSpan[], offset: number, budget: number): HourSpan[] {
  const chosen: HourSpan[] = [];
  let known = 0;
  let spent = 0;
  for (const span of spans) {
    if (span.matching === undefined) {
      if (spent + span.events > budget) break;
      spent += span.events;
      chosen.push(span);
    } else {
      known += span.matching;
      if (known > offset) break;
    }
  }
  return chosen;
}

/**
 * The span holding row `offset`, or the first unknown one before it: the rows ahead of it are known, so reading
 * starts there. Past the last span when the offset is beyond all rows.
 */
export function anchorOf(spans: readonly HourSpan[], offset: number): SpanAnchor {
  let before = 0;
  for (const [index, span] of spans.entries()) {
    if (span.matching === undefined || before + span.matching > offset) return { index, before };
    before += span.matching;
  }
  return { index: spans.length, before };
}

/**
 * What a read from span `from` onwards tells of each whole span: the rows it read per hour (`read`), all of a
 * span's when the read went past it. A read cut off by its limit (`complete` false) leaves its last hour open.
 */
export function spansRead(
  spans: readonly HourSpan[],
  from: number,
  read: ReadonlyMap<number, number>,
  complete: boolean,
  descending: boolean,
): HourSpan[] {
  const hours = [...read.keys()];
  const last = complete ? undefined : descending ? Math.min(...hours) : Math.max(...hours);
  const learnt: HourSpan[] = [];
  for (const span of spans.slice(from)) {
    if (last !== undefined && (descending ? span.hour <= last : span.hour >= last)) break;
    if (span.whole) learnt.push({ ...span, matching: read.get(span.hour) ?? 0 });
  }
  return learnt;
}
