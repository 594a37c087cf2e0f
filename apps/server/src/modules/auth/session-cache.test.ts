import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache';

const user = { id: 1, email: 'a@b.c', features: new Set<never>() };

describe('SessionCache', () => {
  it('answers null when it does not know, the user while fresh, null again once stale', () => {
    let now = 0;
    const cache = new SessionCache(5000, () => now);
    expect(cache.get('t')).toBeNull();
    cache.set('t', user);
    now = 4999;
    expect(cache.get('t')).toBe(user);
    now = 5000;
    expect(cache.get('t')).toBeNull();
  });

  it('remembers that a token opens no session', () => {
    const cache = new SessionCache(5000, () => 0);
    cache.set('forged', undefined);
    expect(cache.get('forged')).toBeUndefined();
  });

  it('forgets a token at once on sign-out, and everything when switched off', () => {
    const cache = new SessionCache(5000, () => 0);
    cache.set('t', user);
    cache.delete('t');
    expect(cache.get('t')).toBeNull();
    const off = new SessionCache(0, () => 0);
    off.set('t', user);
    expect(off.get('t')).toBeNull();
  });
});
