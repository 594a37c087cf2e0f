import type { AttackOutcome } from './attack';
import { ATTACKS, type AttackRequest } from './attacks';

/**
 * The attacks' own process (started by noisy-neighbour.ts): their CPU stays out of the probe's event loop, as an
 * attacker's is on another machine. Runs the attack each IPC message asks for and answers with its outcome.
 */
process.on('message', async (request: AttackRequest) => {
  const attack = ATTACKS[request.attack](request);
  const outcome: AttackOutcome = await attack(request.target, performance.now() + request.seconds * 1000).catch(
    (error: Error) => ({ summary: 'failed', broken: `the attack itself failed: ${error.message}` }),
  );
  process.send?.(outcome);
});
process.on('disconnect', () => process.exit(0));
