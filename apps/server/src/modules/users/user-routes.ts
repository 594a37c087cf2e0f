import { apiPath } from '@cbm/contracts/endpoint';
import { userEndpoints } from '@cbm/contracts/endpoints/user';
import {
  clockUpdateBodySchema,
  languageUpdateBodySchema,
  themeUpdateBodySchema,
  userSchema,
} from '@cbm/contracts/user';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { unauthenticated } from '../../http-error';
import { userRepository } from './user-repository';

export async function userRoutes(app: FastifyInstance, options: { db: Database }) {
  const users = userRepository(options.db);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(apiPath(userEndpoints.get), {
    schema: { tags: ['user'], response: { 200: userSchema } },
    handler: async (request) => {
      const profile = await users.profile((await request.requireUser()).id);
      if (!profile) throw unauthenticated();
      return profile;
    },
  });

  api.put(apiPath(userEndpoints.theme), {
    schema: { tags: ['user'], body: themeUpdateBodySchema, response: { 200: userSchema } },
    handler: async (request) => {
      const user = await request.requireUser();
      await users.setTheme(user.id, request.body.theme);
      const profile = await users.profile(user.id);
      if (!profile) throw unauthenticated();
      return profile;
    },
  });

  api.put(apiPath(userEndpoints.language), {
    schema: { tags: ['user'], body: languageUpdateBodySchema, response: { 200: userSchema } },
    handler: async (request) => {
      const user = await request.requireUser();
      await users.setLanguage(user.id, request.body.language);
      const profile = await users.profile(user.id);
      if (!profile) throw unauthenticated();
      return profile;
    },
  });

  api.put(apiPath(userEndpoints.clock), {
    schema: { tags: ['user'], body: clockUpdateBodySchema, response: { 200: userSchema } },
    handler: async (request) => {
      const user = await request.requireUser();
      await users.setClock(user.id, request.body.clock);
      const profile = await users.profile(user.id);
      if (!profile) throw unauthenticated();
      return profile;
    },
  });
}
