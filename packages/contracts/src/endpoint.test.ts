import { describe, expect, it } from 'vitest';
import { API_PREFIX, apiPath, endpoint, fillPath } from './endpoint';
import { ALL_ENDPOINTS, endpointsOf } from './endpoints';

describe('endpoint definitions', () => {
  it('fill a path’s parameters, each encoded, and refuse a missing one', () => {
    expect(fillPath('/battery/Update/:operatingSiteId/:serial', { operatingSiteId: 7, serial: 'B 1/2' })).toBe(
      '/battery/Update/7/B%201%2F2',
    );
    expect(() => fillPath('/Alarm/:id/acknowledge', {})).toThrow('needs the parameter id');
  });

  it('find every definition of a map however deeply it is grouped', () => {
    const list = endpoint({ method: 'GET', path: '/Alert' });
    const remove = endpoint({ method: 'DELETE', path: '/Alert/:id' });
    expect(endpointsOf({ alerts: { battery: { list, remove } } })).toEqual([list, remove]);
    expect(apiPath(remove)).toBe(`${API_PREFIX}/Alert/:id`);
  });

  it('hold paths below the prefix, each a method and path of its own', () => {
    for (const { path } of ALL_ENDPOINTS) expect(path).toMatch(/^\/(?!api\/v2)/);
    const keys = ALL_ENDPOINTS.map(({ method, path }) => `${method} ${path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
