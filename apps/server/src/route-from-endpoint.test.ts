import { endpoint, typed } from '@cbm/contracts/endpoint';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fromEndpoint } from './route-from-endpoint';

const params = z.object({ id: z.coerce.number() });
const query = z.object({ operatingSiteId: z.coerce.number() });
const body = z.object({ name: z.string() });
const thing = z.object({ id: z.number(), name: z.string() });
const handler = async () => undefined;

describe('fromEndpoint', () => {
  it("fills the method, the path and the definition's schemas, beside the route's own", () => {
    const definition = endpoint({ method: 'PUT', path: '/Thing/:id', params, query, body, response: thing });
    const route = fromEndpoint(definition, { config: { features: ['cbm_view'] }, schema: { tags: ['t'] }, handler });
    expect(route).toEqual({
      method: 'PUT',
      url: '/api/v2/Thing/:id',
      config: { features: ['cbm_view'] },
      schema: { tags: ['t'], params, querystring: query, body, response: { 200: thing } },
      handler,
    });
  });

  it('leaves out what the definition only types, and what it does not have', () => {
    const definition = endpoint({ method: 'POST', path: '/Upload', body: typed<Blob>(), response: typed<string>() });
    expect(fromEndpoint(definition, { schema: { tags: ['t'], summary: 's' }, handler }).schema).toEqual({
      tags: ['t'],
      summary: 's',
    });
  });

  it('puts the response under the success code given, keeping the other codes of the route', () => {
    const definition = endpoint({ method: 'POST', path: '/Thing', body, response: thing });
    const route = fromEndpoint(definition, {
      status: 201,
      schema: { tags: ['t'], response: { 204: z.null() } },
      handler,
    });
    expect(route.schema?.response).toEqual({ 201: thing, 204: z.null() });
    expect(route).not.toHaveProperty('status');
  });

  it('keeps a response the route gives where the definition only types it', () => {
    const csv = z.string();
    const definition = endpoint({ method: 'GET', path: '/Report', query, response: typed<string>() });
    const route = fromEndpoint(definition, { schema: { tags: ['t'], response: { 200: csv } }, handler });
    expect(route.schema).toEqual({ tags: ['t'], querystring: query, response: { 200: csv } });
  });
});
