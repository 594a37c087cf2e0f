/** Simulated time: devices read it for timestamps and physics, and schedule their work on it. */
export interface Clock {
  /** Simulated epoch milliseconds. */
  now(): number;
  /** Calls fn every periodMs of simulated time; returns a cancel function. */
  every(periodMs: number, fn: () => void): () => void;
  /** Calls fn once after delayMs of simulated time; returns a cancel function. */
  after(delayMs: number, fn: () => void): () => void;
}

/** Wall-clock time, optionally sped up: speed 60 makes one real second a simulated minute. */
export function realClock({ speed = 1, startMs = Date.now() } = {}): Clock {
  const origin = performance.now();
  const realDelay = (simMs: number) => Math.max(1, simMs / speed);
  return {
    now: () => Math.round(startMs + (performance.now() - origin) * speed),
    every(periodMs, fn) {
      const timer = setInterval(fn, realDelay(periodMs));
      return () => clearInterval(timer);
    },
    after(delayMs, fn) {
      const timer = setTimeout(fn, realDelay(delayMs));
      return () => clearTimeout(timer);
    },
  };
}

interface Timer {
  dueMs: number;
  periodMs: number | null;
  fn: () => void;
  cancelled: boolean;
}

export interface ManualClock extends Clock {
  /** Moves time forward, running due timers in order and letting I/O they start proceed in between. */
  advance(ms: number): Promise<void>;
}

/** Time that moves only when a test advances it. */
export function manualClock(startMs: number): ManualClock {
  let current = startMs;
  const timers: Timer[] = [];
  const schedule = (delayMs: number, periodMs: number | null, fn: () => void) => {
    const timer: Timer = { dueMs: current + delayMs, periodMs, fn, cancelled: false };
    timers.push(timer);
    return () => {
      timer.cancelled = true;
    };
  };
  const nextDue = (limit: number) =>
    timers
      .filter((timer) => !timer.cancelled && timer.dueMs <= limit)
      .reduce<Timer | undefined>(
        (earliest, timer) => (earliest && earliest.dueMs <= timer.dueMs ? earliest : timer),
        undefined,
      );
  return {
    now: () => current,
    every: (periodMs, fn) => schedule(periodMs, periodMs, fn),
    after: (delayMs, fn) => schedule(delayMs, null, fn),
    async advance(ms) {
      const target = current + ms;
      for (let timer = nextDue(target); timer; timer = nextDue(target)) {
        current = timer.dueMs;
        if (timer.periodMs === null) timer.cancelled = true;
        else timer.dueMs += timer.periodMs;
        timer.fn();
        await new Promise((resolve) => setImmediate(resolve));
      }
      current = target;
      for (let i = timers.length - 1; i >= 0; i--) if (timers[i]?.cancelled) timers.splice(i, 1);
    },
  };
}
