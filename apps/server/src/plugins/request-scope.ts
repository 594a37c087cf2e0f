import { SESSION_COOKIE } from '@cbm/contracts/auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { withRequestScope } from '../db/statement-budget';

/** Whose turn a request's statements are (decision 136): its session, else its address. */
const requesterOf = (request: FastifyRequest): string => {
  const session = (request as { cookies?: Record<string, string | undefined> }).cookies?.[SESSION_COOKIE];
  return session ? `session:${session}` : `address:${request.ip}`;
};

/**
 * Every handler's database statements run with the request's statement budget (decision 080) and in its
 * requester's turns (decision 136). A hook after body parsing, whose stream events lose the async context.
 */
export const requestScopePlugin = fp(async (app: FastifyInstance, options: { statementMs: number }) => {
  app.addHook('preHandler', (request, _reply, done) =>
    withRequestScope({ budgetMs: options.statementMs, requester: requesterOf(request) }, done),
  );
});
