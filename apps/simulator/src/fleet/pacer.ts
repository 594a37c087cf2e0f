import type { Clock } from '../clock';

const MAX_SLOTS = 100;
/** Slots one timer callback may catch up on: more would block the event loop and starve the acks. */
const MAX_CATCH_UP = 3;

/**
 * Spreads the devices' ticks evenly over the interval instead of all at once: the interval is cut
 * into slots and each slot ticks its share of the devices. Slots are counted against the clock,
 * not against timer callbacks, so a late timer (GC pause, busy event loop) catches up and the
 * rate holds; a longer backlog is dropped rather than ticked in one go. Returns a stop function.
 */
export function startPacer(
  clock: Clock,
  intervalMs: number,
  devices: readonly { tick(): void }[],
  onError: (error: unknown) => void,
): () => void {
  if (devices.length === 0) return () => {};
  const slots = Math.max(1, Math.min(MAX_SLOTS, devices.length, Math.floor(intervalMs / 10)));
  const slotMs = intervalMs / slots;
  const startMs = clock.now();
  let done = 0;
  return clock.every(slotMs, () => {
    const due = Math.floor((clock.now() - startMs) / slotMs);
    done = Math.max(done, due - MAX_CATCH_UP);
    for (; done < due; done++) {
      for (let index = done % slots; index < devices.length; index += slots) {
        try {
          devices[index]?.tick();
        } catch (error) {
          onError(error);
        }
      }
    }
  });
}
