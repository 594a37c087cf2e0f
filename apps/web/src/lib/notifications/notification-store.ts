import { TOAST_DEFAULT_MS } from '@cbm/contracts/constants';

export type NotificationType = 'info' | 'success' | 'warning' | 'error';

/** A toast (entity fields "Notification item"). */
export interface Notification {
  id: string;
  createdAt: number;
  title: string;
  message: string;
  type: NotificationType;
  /** Persistent toasts stay until dismissed. */
  persist?: boolean;
  autoCloseMs: number;
}

export type NotificationInput = Pick<Notification, 'title' | 'message' | 'type'> &
  Partial<Pick<Notification, 'persist' | 'autoCloseMs'>>;

interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as number),
};

/** A queue of toasts: added, removed by id, auto-removed after their time-out unless persistent. */
export function createNotificationStore(clock: Clock = systemClock) {
  let queue: readonly Notification[] = [];
  let sequence = 0;
  const timers = new Map<string, unknown>();
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of listeners) listener();
  };

  function remove(id: string) {
    clock.clearTimeout(timers.get(id));
    timers.delete(id);
    const next = queue.filter((item) => item.id !== id);
    if (next.length === queue.length) return;
    queue = next;
    emit();
  }

  function add(input: NotificationInput): string {
    sequence += 1;
    const item: Notification = {
      autoCloseMs: TOAST_DEFAULT_MS,
      ...input,
      id: `notification-${sequence}`,
      createdAt: clock.now(),
    };
    queue = [...queue, item];
    if (!item.persist)
      timers.set(
        item.id,
        clock.setTimeout(() => remove(item.id), item.autoCloseMs),
      );
    emit();
    return item.id;
  }

  return {
    add,
    remove,
    list: () => queue,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type NotificationStore = ReturnType<typeof createNotificationStore>;

/** The app's one toast queue. */
export const notifications = createNotificationStore();
