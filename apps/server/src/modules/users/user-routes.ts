import { userEndpoints } from '@cbm/contracts/endpoints/user';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { unauthenticated } from '../../http-error';
import { fromEndpoint } from '../../route-from-endpoint';
import { userRepository } from './user-repository';

export async function userRoutes(app: FastifyInstance, options: { db: Database }) {
  const users = userRepository(options.db);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route(
    fromEndpoint(userEndpoints.get, {
      schema: { tags: ['user'] },
      handler: async (request) => {
        const profile = await users.profile((await request.requireUser()).id);
        if (!profile) throw unauthenticated();
        return profile;
      },
    }),
  );

  api.route(
    fromEndpoint(userEndpoints.theme, {
      schema: { tags: ['user'] },
      handler: async (request) => {
        const user = await request.requireUser();
        await users.setTheme(user.id, request.body.theme);
        const profile = await users.profile(user.id);
        if (!profile) throw unauthenticated();
        return profile;
      },
    }),
  );

  api.route(
    fromEndpoint(userEndpoints.language, {
      schema: { tags: ['user'] },
      handler: async (request) => {
        const user = await request.requireUser();
        await users.setLanguage(user.id, request.body.language);
        const profile = await users.profile(user.id);
        if (!profile) throw unauthenticated();
        return profile;
      },
    }),
  );

  api.route(
    fromEndpoint(userEndpoints.clock, {
      schema: { tags: ['user'] },
      handler: async (request) => {
        const user = await request.requireUser();
        await users.setClock(user.id, request.body.clock);
        const profile = await users.profile(user.id);
        if (!profile) throw unauthenticated();
        return profile;
      },
    }),
  );
}
