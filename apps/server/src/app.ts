import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/database';
import { primaryReads, type ReadDatabase } from './db/read-database';
import { jobsPlugin } from './jobs/jobs-plugin';
import { alarmsPlugin } from './modules/alarms/alarms-plugin';
import { alertsPlugin } from './modules/alerts/alerts-plugin';
import { auditRoutes } from './modules/audit/audit-routes';
import { authRoutes } from './modules/auth/auth-routes';
import { oidcRoutes } from './modules/auth/oidc-routes';
import { sessionPlugin } from './modules/auth/session-plugin';
import { signinPage } from './modules/auth/signin-page';
import { batteryCareRoutes } from './modules/battery-care/battery-care-routes';
import { rollupListener } from './modules/battery-days/rollup-listener';
import { batteryGroupRoutes } from './modules/battery-groups/battery-group-routes';
import { batteryHistoryRoutes } from './modules/battery-history/history-routes';
import { batteryListRoutes } from './modules/battery-list/battery-list-routes';
import { batteryProfileRoutes } from './modules/battery-profile/battery-profile-routes';
import { clientSettingsRoutes } from './modules/client-settings/client-settings-routes';
import { dataExportRoutes } from './modules/data-export/data-export-routes';
import { datalogsPlugin } from './modules/datalogs/datalogs-plugin';
import { devicesPlugin } from './modules/device-channel/device-channel-plugin';
import { deviceRegistryPlugin } from './modules/device-registry/device-registry-plugin';
import { eventRoutes } from './modules/events/event-routes';
import { firmwareCampaignRoutes } from './modules/firmware-campaigns/firmware-campaign-routes';
import { fleetHealthRoutes } from './modules/fleet-health/fleet-health-routes';
import { healthRoutes } from './modules/health/health-routes';
import { licenceRoutes } from './modules/licences/licence-routes';
import { liveViewRoutes } from './modules/live-view/live-view-routes';
import { mdloadLiveViewRoutes } from './modules/mdload-live-view/mdload-live-view-routes';
import { mdloadStatisticsRoutes } from './modules/mdload-statistics/mdload-statistics-routes';
import { peoplePlugin } from './modules/people/people-plugin';
import { reportSchedulesPlugin } from './modules/report-schedules/report-schedules-plugin';
import { fleetReportRoutes } from './modules/reports/fleet-report-routes';
import { reportRoutes } from './modules/reports/report-routes';
import { batteryAssignmentRoutes } from './modules/site-admin/battery-assignment-routes';
import { siteSettingsRoutes } from './modules/site-admin/site-settings-routes';
import { siteRoutes } from './modules/sites/site-routes';
import { statisticsRoutes } from './modules/statistics/statistics-routes';
import { twoFactorPolicyRoutes } from './modules/two-factor/two-factor-policy-routes';
import { twoFactorRoutes } from './modules/two-factor/two-factor-routes';
import { updateRoutes } from './modules/updates/update-routes';
import { accountRoutes } from './modules/users/account-routes';
import { userRoutes } from './modules/users/user-routes';
import { compressionPlugin } from './plugins/compression';
import { connectionLimitsPlugin } from './plugins/connection-limits';
import { crossSiteGuardPlugin } from './plugins/cross-site-guard';
import { drainOnClosePlugin } from './plugins/drain-on-close';
import { apiNotFound, errorHandlerPlugin, frameworkErrors } from './plugins/error-handler';
import { openApiPlugin } from './plugins/openapi';
import { requestId } from './plugins/request-id';
import { requestLanguagePlugin } from './plugins/request-language';
import { requestScopePlugin } from './plugins/request-scope';
import { routeRegistryPlugin } from './plugins/route-registry';
import { securityHeadersPlugin } from './plugins/security-headers';
import { tracingPlugin } from './plugins/tracing';
import { uploadsPlugin } from './plugins/uploads';
import { validatorCompiler } from './plugins/validator-compiler';
import { webAppPlugin } from './plugins/web-app';

export interface AppDependencies {
  config: Config;
  db: Database;
  /** Where statistics, exports, reports and event pages read (READ_DATABASE_URL); the primary by default. */
  readDb?: ReadDatabase;
  /** Keep the embedded broker's sessions on disk here (the server: DATA_DIR/mqtt-sessions); else in memory. */
  brokerSessionsDir?: string;
}

/** Builds the whole server: infrastructure plugins first, then the feature modules. */
export async function buildApp({
  config,
  db,
  readDb = primaryReads(db),
  brokerSessionsDir,
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.LOG_LEVEL },
    // A hop count trusts that many proxies nearest to us (Fastify's typings know no number).
    trustProxy:
      typeof config.TRUST_PROXY === 'number'
        ? (_address: string, hop: number) => hop < (config.TRUST_PROXY as number)
        : config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    requestTimeout: config.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
    // Node checks the request timeout every 30 s by default: a slow client would get up to that much more.
    http: {
      connectionsCheckingInterval: 1000,
      headersTimeout: Math.min(60_000, config.HTTP_REQUEST_TIMEOUT_SECONDS * 1000),
    },
    connectionTimeout: config.HTTP_IDLE_TIMEOUT_SECONDS * 1000,
    // The default 10 s per plugin fails start-up on a machine busy with other work (seen in the soak).
    pluginTimeout: 120_000,
    frameworkErrors,
    requestIdHeader: false,
    genReqId: requestId,
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(routeRegistryPlugin);
  await app.register(drainOnClosePlugin);
  await app.register(tracingPlugin, {
    endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
    serviceName: config.OTEL_SERVICE_NAME,
  });
  await app.register(requestLanguagePlugin);
  await app.register(errorHandlerPlugin);
  await app.register(connectionLimitsPlugin, { publicPerAddress: config.HTTP_PUBLIC_REQUESTS_PER_ADDRESS });
  await app.register(requestScopePlugin, { statementMs: config.DB_STATEMENT_TIMEOUT_SECONDS * 1000 });
  await app.register(compressionPlugin);
  await app.register(securityHeadersPlugin, { mapTileUrl: config.MAP_TILE_URL });
  await app.register(crossSiteGuardPlugin, { publicUrl: config.PUBLIC_URL });
  await app.register(openApiPlugin);
  await app.register(uploadsPlugin, { perUser: config.UPLOADS_PER_USER, total: config.UPLOADS_TOTAL });
  await app.register(sessionPlugin, {
    db,
    ttlHours: config.SESSION_TTL_HOURS,
    idleMinutes: config.SESSION_IDLE_MINUTES,
    cacheMs: config.SESSION_CACHE_SECONDS * 1000,
    secureCookies: config.SECURE_COOKIES,
  });

  await app.register(authRoutes, {
    db,
    secureCookies: config.SECURE_COOKIES,
    loginAttemptsPerMinute: config.LOGIN_ATTEMPTS_PER_MINUTE,
    throttle: {
      accountFailures: config.LOGIN_ACCOUNT_FAILURES,
      addressFailures: config.LOGIN_ADDRESS_FAILURES,
      lockoutSeconds: config.LOGIN_LOCKOUT_SECONDS,
      lockoutMaxSeconds: config.LOGIN_LOCKOUT_MAX_SECONDS,
      failuresPerMinute: config.LOGIN_FAILURES_PER_MINUTE,
    },
  });
  await app.register(oidcRoutes, {
    db,
    oidc: config.oidc,
    publicUrl: config.PUBLIC_URL,
    secureCookies: config.SECURE_COOKIES,
  });
  await app.register(signinPage, { oidcEnabled: Boolean(config.oidc), publicUrl: config.PUBLIC_URL });
  await app.register(userRoutes, { db });
  await app.register(accountRoutes, {
    db,
    idleMinutes: config.SESSION_IDLE_MINUTES,
    attemptsPerMinute: config.LOGIN_ATTEMPTS_PER_MINUTE,
  });
  await app.register(twoFactorRoutes, { db, attemptsPerMinute: config.LOGIN_ATTEMPTS_PER_MINUTE });
  await app.register(twoFactorPolicyRoutes, { db });
  await app.register(siteRoutes, { db });
  await app.register(siteSettingsRoutes, { db });
  await app.register(batteryAssignmentRoutes, { db });
  await app.register(licenceRoutes, { db });
  await app.register(auditRoutes, { db });
  await app.register(peoplePlugin, { config, db });
  await app.register(jobsPlugin, { db, holder: config.MQTT_CLIENT_ID });
  await app.register(devicesPlugin, {
    config,
    db,
    sampleListeners: [rollupListener],
    brokerSessionsDir,
  });
  await app.register(healthRoutes, {
    db,
    migrationsDir: config.migrationsDir,
    broker: () => app.devices.brokerStatus(),
    expected: { ingest: config.INGEST, external: Boolean(config.MQTT_URL) },
  });
  await app.register(deviceRegistryPlugin, { db, publicMqttUrl: config.PUBLIC_MQTT_URL });
  await app.register(alertsPlugin, { config, db });
  await app.register(alarmsPlugin, { config, db });
  await app.register(batteryGroupRoutes, { db });
  await app.register(liveViewRoutes, { db });
  await app.register(fleetHealthRoutes, { db });
  await app.register(eventRoutes, { db, readDb });
  await app.register(reportRoutes, { db, readDb });
  await app.register(fleetReportRoutes, { db });
  await app.register(reportSchedulesPlugin, { config, db });
  await app.register(batteryListRoutes, { db });
  await app.register(updateRoutes, { db, dataDir: config.dataDir, publicUrl: config.PUBLIC_URL });
  await app.register(firmwareCampaignRoutes, {
    db,
    dataDir: config.dataDir,
    publicUrl: config.PUBLIC_URL,
    commandsPerSecond: config.CAMPAIGN_COMMANDS_PER_SECOND,
  });
  await app.register(statisticsRoutes, { db, readDb });
  await app.register(dataExportRoutes, { db, readDb });
  await app.register(datalogsPlugin, { db, dataDir: config.dataDir, publicUrl: config.PUBLIC_URL });
  await app.register(batteryHistoryRoutes, { db });
  await app.register(batteryProfileRoutes, { db });
  await app.register(batteryCareRoutes, { db });
  await app.register(mdloadLiveViewRoutes, { db });
  await app.register(mdloadStatisticsRoutes, { db });
  await app.register(clientSettingsRoutes, { mapTileUrl: config.MAP_TILE_URL, oidcEnabled: Boolean(config.oidc) });

  await app.register(webAppPlugin, { webDir: config.webDir, assetsDir: config.assetsDir, apiNotFound });
  return app;
}
