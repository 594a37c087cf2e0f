/**
 * The longest turn a test of hostile input allows. The regressions it guards against (a scan that goes quadratic
 * on a long cell) hold the loop for seconds to minutes; a correct parser stays far below, but the process's own
 * other threads (PGlite, garbage collection) count too, and measured 105 ms once on a loaded two-core runner.
 */
export const STALL_LIMIT_MS = 500;

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * Watches how long the event loop is held between two turns of a 5 ms timer, as processor time of this process:
 * on a shared machine, wall time also counts the turns the scheduler gave to other processes.
 */
export function watchEventLoop() {
  const started = cpuMs();
  let last = started;
  let longestTurnMs = 0;
  let turns = 0;
  const turn = () => {
    const now = cpuMs();
    longestTurnMs = Math.max(longestTurnMs, now - last);
    last = now;
  };
  const probe = setInterval(() => {
    turn();
    turns += 1;
  }, 5);
  return {
    stop() {
      turn();
      clearInterval(probe);
      return { longestTurnMs, turns, cpuMs: cpuMs() - started };
    },
  };
}
