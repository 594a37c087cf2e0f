import { LIVE_HEARTBEAT_EVENT, LIVE_SILENT_AFTER_MS } from '@cbm/contracts/live-stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectionLostSince, followConnection, setBrowserOffline } from './connection-state';

const start = new Date('2026-12-05T20:00:00Z').getTime();
let stops: (() => void)[] = [];
const follow = () => {
  const source = new EventTarget();
  stops.push(followConnection(source));
  return source;
};

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(start);
});
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  setBrowserOffline(false);
  vi.useRealTimers();
});

describe('live connection state', () => {
  it('is lost from the first error until the stream is heard again', () => {
    const source = follow();
    expect(connectionLostSince()).toBeNull();
    vi.advanceTimersByTime(1_000);
    source.dispatchEvent(new Event('error'));
    expect(connectionLostSince()).toBe(start + 1_000);
    vi.advanceTimersByTime(3_000);
    source.dispatchEvent(new Event('error'));
    expect(connectionLostSince()).toBe(start + 1_000);
    source.dispatchEvent(new Event('open'));
    expect(connectionLostSince()).toBeNull();
  });

  it('is lost within LIVE_SILENT_AFTER_MS and a second when a stream falls silent without an error', () => {
    const source = follow();
    for (let second = 0; second < 10; second += 2) {
      vi.advanceTimersByTime(2_000);
      source.dispatchEvent(new Event(LIVE_HEARTBEAT_EVENT));
    }
    expect(connectionLostSince()).toBeNull();
    const silentFrom = Date.now();
    vi.advanceTimersByTime(LIVE_SILENT_AFTER_MS + 1_000);
    expect(connectionLostSince()).not.toBeNull();
    expect(connectionLostSince()).toBeLessThanOrEqual(silentFrom + LIVE_SILENT_AFTER_MS + 1_000);
  });

  it('counts the browser going offline at once, and no longer once the lost stream is given up', () => {
    const source = follow();
    setBrowserOffline(true);
    expect(connectionLostSince()).toBe(start);
    setBrowserOffline(false);
    source.dispatchEvent(new Event('error'));
    expect(connectionLostSince()).toBe(start);
    stops.pop()?.();
    expect(connectionLostSince()).toBeNull();
    stops = [];
  });
});
