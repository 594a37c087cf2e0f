import { describe, expect, it } from 'vitest';
import { LoginThrottle, type ThrottleSettings } from './login-throttle';

const SETTINGS: ThrottleSettings = {
  accountFailures: 3,
  addressFailures: 5,
  lockoutSeconds: 10,
  lockoutMaxSeconds: 60,
  failuresPerMinute: 1000,
};

function throttleAt(settings: Partial<ThrottleSettings> = {}) {
  const clock = { now: 1_000_000 };
  const throttle = new LoginThrottle({ ...SETTINGS, ...settings }, () => clock.now);
  return { throttle, clock };
}

describe('login throttle', () => {
  it('locks an account after its allowance, each further failure twice as long, up to the most', () => {
    const { throttle, clock } = throttleAt();
    const locks: number[] = [];
    for (let failure = 1; failure <= 8; failure++) {
      // Each failure from another address: only the account's count matters here.
      throttle.failed('victim', `192.0.2.${failure}`);
      const refusal = throttle.check('victim', '198.51.100.1');
      locks.push(refusal?.retryAfterSeconds ?? 0);
      if (refusal) clock.now += refusal.retryAfterSeconds * 1000;
    }
    expect(locks).toEqual([0, 0, 10, 20, 40, 60, 60, 60]);
  });

  it('tells the first refusal of a lock apart from the ones after it', () => {
    const { throttle } = throttleAt({ accountFailures: 1 });
    throttle.failed('a', 'x');
    expect(throttle.check('a', 'y')).toEqual({ reason: 'account', retryAfterSeconds: 10, first: true });
    expect(throttle.check('a', 'y')).toMatchObject({ first: false });
  });

  it('locks an address trying one password across many accounts', () => {
    const { throttle } = throttleAt();
    for (let account = 1; account <= 5; account++) throttle.failed(`user-${account}`, '203.0.113.9');
    expect(throttle.check('user-99', '203.0.113.9')).toMatchObject({ reason: 'address', retryAfterSeconds: 10 });
    expect(throttle.check('user-99', '203.0.113.10')).toBeUndefined();
  });

  it('forgives the account on success but not the address', () => {
    const { throttle } = throttleAt({ accountFailures: 2, addressFailures: 2 });
    throttle.failed('a', 'x');
    throttle.succeeded('a');
    throttle.failed('a', 'y');
    expect(throttle.check('a', 'z')).toBeUndefined();
    throttle.failed('b', 'x');
    expect(throttle.check('c', 'x')).toMatchObject({ reason: 'address' });
  });

  it('refuses everyone for the rest of the minute past the global ceiling', () => {
    const { throttle, clock } = throttleAt({ failuresPerMinute: 4 });
    for (let n = 0; n < 4; n++) throttle.failed(`user-${n}`, `192.0.2.${n}`);
    clock.now += 15_000;
    expect(throttle.check('someone', '198.51.100.7')).toEqual({ reason: 'global', retryAfterSeconds: 45, first: true });
    clock.now += 45_000;
    expect(throttle.check('someone', '198.51.100.7')).toBeUndefined();
  });

  it('forgets a key after the longest lockout without failures', () => {
    const { throttle, clock } = throttleAt({ accountFailures: 2 });
    throttle.failed('a', 'x');
    clock.now += 61_000;
    throttle.failed('a', 'y');
    expect(throttle.check('a', 'z')).toBeUndefined();
  });
});
