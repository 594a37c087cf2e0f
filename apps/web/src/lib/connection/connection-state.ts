import { LIVE_HEARTBEAT_EVENT, LIVE_SILENT_AFTER_MS } from '@cbm/contracts/live-stream';

/** When the live connection was lost (ms since epoch), null while every followed stream is heard. */
export type LostSince = number | null;

const lastHeard = new Map<EventTarget, number>();
const listeners = new Set<() => void>();
let lostSince: LostSince = null;
let offline = false;
let checker: ReturnType<typeof setInterval> | undefined;

function publish(next: LostSince) {
  if (next === lostSince || (next !== null && lostSince !== null)) return;
  lostSince = next;
  for (const listener of listeners) listener();
}

function check(now = Date.now()) {
  const silent = [...lastHeard.values()].some((heard) => now - heard > LIVE_SILENT_AFTER_MS);
  publish(offline || silent ? (lostSince ?? now) : null);
}

/**
 * Follows a live stream (an EventSource) until the returned function is called: the connection counts as lost
 * from its first error, or from LIVE_SILENT_AFTER_MS without an event or heartbeat, until it is heard again
 * (decision 085). The browser reconnects an EventSource by itself.
 */
export function followConnection(source: EventTarget): () => void {
  const heard = () => {
    lastHeard.set(source, Date.now());
    check();
  };
  const lost = () => {
    lastHeard.set(source, Number.NEGATIVE_INFINITY);
    check();
  };
  const events = ['open', 'ready', LIVE_HEARTBEAT_EVENT, 'battery', 'mdload', 'alert', 'alarm'];
  for (const name of events) source.addEventListener(name, heard);
  source.addEventListener('error', lost);
  lastHeard.set(source, Date.now());
  checker ??= setInterval(check, 1_000);
  return () => {
    for (const name of events) source.removeEventListener(name, heard);
    source.removeEventListener('error', lost);
    lastHeard.delete(source);
    if (lastHeard.size === 0) {
      clearInterval(checker);
      checker = undefined;
    }
    check();
  };
}

/** The browser's own word: offline counts as lost at once, online waits for a stream to be heard. */
export function setBrowserOffline(isOffline: boolean) {
  offline = isOffline;
  check();
}

export const connectionLostSince = () => lostSince;

export function onConnectionChange(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
