import type { BrokerMetrics } from '@cbm/contracts/ingest-metrics';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { brokerCheck, databaseChecks, newestMigration } from './readiness';

export interface HealthOptions {
  db: Database;
  migrationsDir: string;
  broker: () => BrokerMetrics;
  expected: { ingest: boolean; external: boolean };
}

const NO_STORE = 'no-store';

/**
 * GET /healthz (the process answers) and GET /readyz (database, migrations, broker), for load balancers and
 * orchestrators: public, no session, one database query at most; left out of the API document (operations.md).
 */
export async function healthRoutes(app: FastifyInstance, options: HealthOptions) {
  const newest = await newestMigration(options.migrationsDir);
  app.get('/healthz', { config: { public: true }, schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', NO_STORE).send({ status: 'alive' }),
  );
  app.get('/readyz', { config: { public: true }, schema: { hide: true } }, async (_request, reply) => {
    const checks = {
      ...(await databaseChecks(options.db, newest)),
      broker: brokerCheck(options.broker(), options.expected),
    };
    const ready = Object.values(checks).every((result) => result === 'ok');
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', NO_STORE)
      .send({ status: ready ? 'ready' : 'not ready', checks });
  });
}
