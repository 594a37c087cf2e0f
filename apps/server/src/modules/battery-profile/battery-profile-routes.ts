import { AUDIT_ACTIONS } from '@cbm/contracts/audit';
import {
  CHARGE_SESSIONS_MAX,
  PROFILE_MAX_RANGE_DAYS,
  type ProfileSettings,
  profileBucketSeconds,
} from '@cbm/contracts/battery-profile';
import { batteryProfileEndpoints } from '@cbm/contracts/endpoints/battery-profile';
import type { Feature } from '@cbm/contracts/features';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { batteryNotFound, checkedRange } from '../../http-error';
import { fromEndpoint } from '../../route-from-endpoint';
import { auditRepository } from '../audit/audit-repository';
import { chargeSessionsOf } from '../battery-days/battery-days-service';
import { FIGURE_DIGITS, kwhText } from '../figures/figure-decimals';
import { requireSiteAccess } from '../sites/site-access';
import { siteRepository } from '../sites/site-repository';
import { batteryProfileRepository } from './battery-profile-repository';

// Profile analysis belongs to the expert battery list (docs/decisions/011-datalogs-and-profiles.md).
const FEATURE: Feature = 'cbm_view';
const config = { features: [FEATURE] };
const tags = ['battery profile'];
/** The range of a request, checked, with the bucket width that fits it into PROFILE_MAX_POINTS. */
function checkedProfileRange(fromText: string, toText: string) {
  const { from, to } = checkedRange(fromText, toText, PROFILE_MAX_RANGE_DAYS);
  return { from, to, bucketSeconds: profileBucketSeconds(from.getTime(), to.getTime()) };
}

/** Profile analysis of one battery (cbm_view, site access): its samples over a range, and detailed profiling. */
export async function batteryProfileRoutes(app: FastifyInstance, options: { db: Database }) {
  const sites = siteRepository(options.db);
  const profiles = batteryProfileRepository(options.db);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route(
    fromEndpoint(batteryProfileEndpoints.profile, {
      config,
      schema: { tags },
      handler: async (request) => {
        const { operatingSiteId, from, to } = request.query;
        const { serial } = request.params;
        await requireSiteAccess(sites, request, operatingSiteId, FEATURE);
        const range = checkedProfileRange(from, to);
        const settings = await profiles.settings(operatingSiteId, serial);
        if (!settings) throw batteryNotFound(serial);
        return {
          ...settings,
          from: range.from.toISOString(),
          to: range.to.toISOString(),
          bucketSeconds: range.bucketSeconds,
          points: await profiles.points(operatingSiteId, serial, range),
        };
      },
    }),
  );

  /** The battery's charge sessions overlapping the range (the battery page, decision 041), newest first. */
  api.route(
    fromEndpoint(batteryProfileEndpoints.chargeSessions, {
      config,
      schema: { tags },
      handler: async (request) => {
        const { operatingSiteId, from, to } = request.query;
        const { serial } = request.params;
        await requireSiteAccess(sites, request, operatingSiteId, FEATURE);
        const range = checkedProfileRange(from, to);
        if (!(await profiles.settings(operatingSiteId, serial))) throw batteryNotFound(serial);
        const rows = await chargeSessionsOf(options.db, operatingSiteId, serial, range, CHARGE_SESSIONS_MAX + 1);
        return {
          truncated: rows.length > CHARGE_SESSIONS_MAX,
          sessions: rows.slice(0, CHARGE_SESSIONS_MAX).map((session) => ({
            startAt: new Date(Number(session.startAt)).toISOString(),
            endAt: new Date(Number(session.endAt)).toISOString(),
            startSoc: session.startSoc,
            endSoc: session.endSoc,
            energyKwh: kwhText(BigInt(session.energyUkwh), FIGURE_DIGITS.kwh),
            chargerSerial: session.chargerSerial,
            open: session.open,
          })),
        };
      },
    }),
  );

  /** The battery's profiling settings and its site's time zone, for the page to choose its first range. */
  api.route(
    fromEndpoint(batteryProfileEndpoints.settings, {
      config,
      schema: { tags },
      handler: async (request) => {
        await requireSiteAccess(sites, request, request.query.operatingSiteId, FEATURE);
        const settings = await profiles.settings(request.query.operatingSiteId, request.params.serial);
        if (!settings) throw batteryNotFound(request.params.serial);
        return settings;
      },
    }),
  );

  /** Switches detailed profiling on or off ('battery profiling saved'); a change is audited. */
  api.route(
    fromEndpoint(batteryProfileEndpoints.saveSettings, {
      config,
      schema: { tags },
      handler: async (request) => {
        const siteId = request.query.operatingSiteId;
        const { serial } = request.params;
        const { hasProfiling } = request.body;
        const user = await requireSiteAccess(sites, request, siteId, FEATURE);
        await options.db.transaction(async (tx) => {
          const repository = batteryProfileRepository(tx);
          const current = await repository.lock(siteId, serial);
          if (!current) throw batteryNotFound(serial);
          if (current.hasProfiling === hasProfiling) return;
          await repository.setProfiling(serial, hasProfiling, new Date());
          await auditRepository(tx).record({ userId: user.id, email: user.email }, [
            {
              action: AUDIT_ACTIONS.batteryProfilingChanged,
              entityType: 'battery',
              entityId: serial,
              siteIds: [siteId],
              previous: { hasProfiling: current.hasProfiling },
              next: { hasProfiling },
            },
          ]);
        });
        return (await profiles.settings(siteId, serial)) as ProfileSettings;
      },
    }),
  );
}
