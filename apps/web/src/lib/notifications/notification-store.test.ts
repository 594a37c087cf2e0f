import { TOAST_DEFAULT_MS } from '@cbm/contracts/constants';
import { describe, expect, it } from 'vitest';
import { createNotificationStore } from './notification-store';

function manualClock() {
  let now = 1_000;
  const timers = new Map<number, { at: number; callback: () => void }>();
  let next = 1;
  return {
    now: () => now,
    setTimeout: (callback: () => void, ms: number) => {
      timers.set(next, { at: now + ms, callback });
      return next++;
    },
    clearTimeout: (handle: unknown) => timers.delete(handle as number),
    advance(ms: number) {
      now += ms;
      for (const [id, timer] of [...timers]) {
        if (timer.at <= now) {
          timers.delete(id);
          timer.callback();
        }
      }
    },
  };
}

describe('notification store', () => {
  it('queues toasts with id, creation time and type', () => {
    const store = createNotificationStore(manualClock());
    store.add({ type: 'info', title: 'A', message: 'first' });
    store.add({ type: 'success', title: 'B', message: 'second' });
    expect(store.list().map((n) => [n.title, n.type, n.createdAt])).toEqual([
      ['A', 'info', 1_000],
      ['B', 'success', 1_000],
    ]);
    expect(new Set(store.list().map((n) => n.id)).size).toBe(2);
  });

  it('removes a toast by id and tells subscribers', () => {
    const store = createNotificationStore(manualClock());
    let changes = 0;
    store.subscribe(() => changes++);
    const id = store.add({ type: 'warning', title: 'A', message: 'x' });
    store.remove(id);
    expect(store.list()).toEqual([]);
    expect(changes).toBe(2);
  });

  it('auto-removes after 4000 ms by default and after its own time-out', () => {
    const clock = manualClock();
    const store = createNotificationStore(clock);
    store.add({ type: 'info', title: 'default', message: '' });
    store.add({ type: 'error', title: 'api', message: '', autoCloseMs: 3000 });
    clock.advance(3000);
    expect(store.list().map((n) => n.title)).toEqual(['default']);
    clock.advance(TOAST_DEFAULT_MS - 3000);
    expect(store.list()).toEqual([]);
  });

  it('keeps persistent toasts until dismissed', () => {
    const clock = manualClock();
    const store = createNotificationStore(clock);
    const id = store.add({ type: 'error', title: 'stays', message: '', persist: true });
    clock.advance(60_000);
    expect(store.list()).toHaveLength(1);
    store.remove(id);
    expect(store.list()).toHaveLength(0);
  });
});
