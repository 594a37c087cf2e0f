import { describe, expect, it } from 'vitest';
import { fairTurns } from './fair-turns';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('fair turns', () => {
  it('serves requesters in turn: one with six tasks waiting makes another wait for one of them, not six', async () => {
    const turns = fairTurns({ slots: 1, perRequester: 1 });
    const done: string[] = [];
    const task = (name: string) => async () => {
      await tick();
      done.push(name);
    };
    const heavy = Array.from({ length: 6 }, (_, n) => turns.run('heavy', task(`heavy ${n}`)));
    const probe = turns.run('probe', task('probe'));
    await Promise.all([...heavy, probe]);
    expect(done.indexOf('probe')).toBe(1);
  });

  it('runs at most `slots` at once and `perRequester` of one requester', async () => {
    const turns = fairTurns({ slots: 3, perRequester: 2 });
    let running = 0;
    let most = 0;
    const mostOf = new Map<string, number>();
    const runningOf = new Map<string, number>();
    const task = (requester: string) =>
      turns.run(requester, async () => {
        running++;
        runningOf.set(requester, (runningOf.get(requester) ?? 0) + 1);
        most = Math.max(most, running);
        mostOf.set(requester, Math.max(mostOf.get(requester) ?? 0, runningOf.get(requester) ?? 0));
        await tick();
        running--;
        runningOf.set(requester, (runningOf.get(requester) ?? 0) - 1);
      });
    await Promise.all([...Array.from({ length: 8 }, () => task('a')), ...Array.from({ length: 3 }, () => task('b'))]);
    expect(most).toBe(3);
    expect(Object.fromEntries(mostOf)).toEqual({ a: 2, b: 2 });
    expect(turns.waitingRequesters()).toBe(0);
  });

  it('runs a task started inside a turn at once (a statement inside its own transaction)', async () => {
    const turns = fairTurns({ slots: 1, perRequester: 1 });
    const inner = await turns.run('one', () => turns.run('one', async () => 'inner ran'));
    expect(inner).toBe('inner ran');
  });

  it('frees the turn of a task that failed', async () => {
    const turns = fairTurns({ slots: 1, perRequester: 1 });
    await expect(turns.run('a', () => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    await expect(turns.run('a', async () => 'next')).resolves.toBe('next');
  });
});
