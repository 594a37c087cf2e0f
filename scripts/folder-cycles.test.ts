import { describe, expect, it } from 'vitest';
import { roomCircles, roomOf } from './folder-cycles';

const MODULES = [/^apps\/server\/src\/modules\/[^/]+\//];

describe('room circles', () => {
  it('places a file in the folder its pattern names', () => {
    expect(roomOf('apps/server/src/modules/auth/passwords.ts', MODULES)).toBe('apps/server/src/modules/auth/');
    expect(roomOf('apps/server/src/app.ts', MODULES)).toBeUndefined();
  });

  it('finds two folders that import each other through different files, which no file circle shows', () => {
    const circles = roomCircles(
      [
        ['apps/server/src/modules/auth/auth-routes.ts', 'apps/server/src/modules/users/user-service.ts'],
        ['apps/server/src/modules/users/account-routes.ts', 'apps/server/src/modules/auth/passwords.ts'],
        ['apps/server/src/modules/alarms/alarm-routes.ts', 'apps/server/src/modules/auth/passwords.ts'],
      ],
      MODULES,
    );
    expect(circles).toEqual([['apps/server/src/modules/auth/', 'apps/server/src/modules/users/']]);
  });

  it('finds a circle through three folders and none where the arrows run one way', () => {
    const edge = (a: string, b: string) => [`m/${a}/x.ts`, `m/${b}/y.ts`] as const;
    const rooms = [/^m\/[^/]+\//];
    expect(roomCircles([edge('a', 'b'), edge('b', 'c'), edge('c', 'a')], rooms)).toEqual([['m/a/', 'm/b/', 'm/c/']]);
    expect(roomCircles([edge('a', 'b'), edge('b', 'c'), edge('a', 'c')], rooms)).toEqual([]);
  });
});
