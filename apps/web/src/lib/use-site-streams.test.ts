import { LIVE_REFETCH_THROTTLE_MS, type LiveEvent } from '@cbm/contracts/live-stream';
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSiteStreams } from './use-site-streams';

class FakeEventSource extends EventTarget {
  static opened: FakeEventSource[] = [];
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  close() {
    this.closed = true;
  }
  push(event: LiveEvent, data: object) {
    this.dispatchEvent(new MessageEvent(event, { data: JSON.stringify(data) }));
  }
}

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('site streams', () => {
  it('opens one stream per site for the named events, and closes them when the sites change', () => {
    const { rerender } = renderHook(({ sites }) => useSiteStreams(sites, ['battery', 'alarm'], () => undefined), {
      initialProps: { sites: [1, 2] },
    });
    expect(FakeEventSource.opened.map((source) => source.url)).toEqual([
      '/api/v2/live/stream?operatingSiteId=1&events=battery,alarm',
      '/api/v2/live/stream?operatingSiteId=2&events=battery,alarm',
    ]);
    rerender({ sites: [1, 2] });
    expect(FakeEventSource.opened).toHaveLength(2);
    rerender({ sites: [3] });
    expect(FakeEventSource.opened.map((source) => source.closed)).toEqual([true, true, false]);
  });

  it('calls back once per throttle interval for the relevant events of all its sites', () => {
    const onChange = vi.fn();
    renderHook(() => useSiteStreams([1, 2], ['alarm'], onChange, (_event, data) => (data as { n: number }).n > 0));
    const [first, second] = FakeEventSource.opened as [FakeEventSource, FakeEventSource];
    first.push('alarm', { n: 0 });
    vi.advanceTimersByTime(LIVE_REFETCH_THROTTLE_MS);
    expect(onChange).not.toHaveBeenCalled();

    first.push('alarm', { n: 1 });
    second.push('alarm', { n: 2 });
    vi.advanceTimersByTime(LIVE_REFETCH_THROTTLE_MS - 1);
    expect(onChange).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onChange).toHaveBeenCalledTimes(1);
    second.push('alarm', { n: 3 });
    vi.advanceTimersByTime(LIVE_REFETCH_THROTTLE_MS);
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('opens nothing without sites', () => {
    renderHook(() => useSiteStreams([], ['alarm'], () => undefined));
    expect(FakeEventSource.opened).toEqual([]);
  });
});
