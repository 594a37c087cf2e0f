import { apiPath } from '@cbm/contracts/endpoint';
import { liveEndpoints } from '@cbm/contracts/endpoints/live';
import { LIVE_REFETCH_THROTTLE_MS } from '@cbm/contracts/live-stream';
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../test/fake-event-source';
import { useSitesStream } from './use-sites-stream';

const STREAM = apiPath(liveEndpoints.stream);

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

describe('sites stream', () => {
  it('opens one stream over the sites for the named events, and a new one when the sites change', () => {
    const { rerender } = renderHook(({ sites }) => useSitesStream(sites, ['battery', 'alarm'], () => undefined), {
      initialProps: { sites: [1, 2] },
    });
    expect(FakeEventSource.opened.map((source) => source.url)).toEqual([
      `${STREAM}?operatingSiteId=1,2&events=battery,alarm`,
    ]);
    rerender({ sites: [1, 2] });
    expect(FakeEventSource.opened).toHaveLength(1);
    rerender({ sites: [3] });
    expect(FakeEventSource.opened.map((source) => [source.url, source.closed])).toEqual([
      [`${STREAM}?operatingSiteId=1,2&events=battery,alarm`, true],
      [`${STREAM}?operatingSiteId=3&events=battery,alarm`, false],
    ]);
  });

  it('asks for health changes only where told to', () => {
    renderHook(() => useSitesStream([1, 2], ['battery', 'alarm'], () => undefined, 'health'));
    expect(FakeEventSource.opened.map((source) => source.url)).toEqual([
      `${STREAM}?operatingSiteId=1,2&events=battery,alarm&changes=health`,
    ]);
  });

  it('calls back once per throttle interval for the events of all its sites', () => {
    const onChange = vi.fn();
    renderHook(() => useSitesStream([1, 2], ['alarm'], onChange));
    const [stream] = FakeEventSource.opened as [FakeEventSource];
    stream.push('alarm', { n: 1 });
    stream.push('alarm', { n: 2 });
    vi.advanceTimersByTime(LIVE_REFETCH_THROTTLE_MS - 1);
    expect(onChange).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onChange).toHaveBeenCalledTimes(1);
    stream.push('alarm', { n: 3 });
    vi.advanceTimersByTime(LIVE_REFETCH_THROTTLE_MS);
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('calls back when the stream is ready, again after a reconnect: a change before it was watched is read too', () => {
    const onChange = vi.fn();
    renderHook(() => useSitesStream([1], ['alarm'], onChange));
    const [stream] = FakeEventSource.opened as [FakeEventSource];
    stream.push('ready', { operatingSiteId: 1 });
    vi.advanceTimersByTime(LIVE_REFETCH_THROTTLE_MS);
    expect(onChange).toHaveBeenCalledTimes(1);
    stream.push('ready', { operatingSiteId: 1 });
    vi.advanceTimersByTime(LIVE_REFETCH_THROTTLE_MS);
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('opens nothing without sites', () => {
    renderHook(() => useSitesStream([], ['alarm'], () => undefined));
    expect(FakeEventSource.opened).toEqual([]);
  });
});
