import type { Attack, Target } from './attack';
import { malformedFlood, oversizedPayloads } from './device-attacks';
import { expensiveShapes, heavyEvents, slowBodies } from './http-attacks';

/** The attacks, in the order the bench runs them. */
export const ATTACKS = {
  'malformed JSON flood': () => malformedFlood,
  'oversized payloads': () => oversizedPayloads,
  'heavy Events query': () => heavyEvents,
  'expensive shapes': () => expensiveShapes,
  'slow-body sign-ins': (request: AttackRequest) => slowBodies(request.slowConnections),
} satisfies Record<string, (request: AttackRequest) => Attack>;

export type AttackName = keyof typeof ATTACKS;
export const ATTACK_NAMES = Object.keys(ATTACKS) as AttackName[];

/** What the bench asks the attack process for: one attack, sustained for `seconds`. */
export interface AttackRequest {
  attack: AttackName;
  seconds: number;
  target: Target;
  slowConnections: number;
}
