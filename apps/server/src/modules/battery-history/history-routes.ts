import {
  HISTORY_MAX_POINTS,
  HISTORY_MAX_RANGE_DAYS,
  HISTORY_OPENING_DAYS,
  HISTORY_TIMELINE_MAX,
} from '@cbm/contracts/battery-history';
import { batteryHistoryEndpoints } from '@cbm/contracts/endpoints/battery-history';
import type { Feature } from '@cbm/contracts/features';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { batteryNotFound, checkedRange, HttpError } from '../../http-error';
import { fromEndpoint } from '../../route-from-endpoint';
import { batteryAlarmsOf } from '../alarms/battery-alarms';
import { localDays } from '../battery-days/local-days';
import { batteryEventsOf } from '../events/battery-events';
import { requireSiteAccess } from '../sites/site-access';
import { siteRepository } from '../sites/site-repository';
import { historyRepository } from './history-repository';

// Whoever may see a battery live sees its history (decision 115).
const FEATURE: Feature = 'cbm_liveview';
const config = { features: [FEATURE] };
const tags = ['battery history'];
const HOUR_MS = 3_600_000;

/** Whole hours per bucket, so that the range fits into HISTORY_MAX_POINTS buckets. */
const bucketSecondsOf = (from: Date, to: Date) =>
  3600 * Math.max(1, Math.ceil((to.getTime() - from.getTime()) / HOUR_MS / HISTORY_MAX_POINTS));

/**
 * Without a range: the HISTORY_OPENING_DAYS calendar days of the site's zone ending with the day of the newest
 * roll-up hour (today when there is none), as the page's range input shows days.
 */
function openingRange(last: Date | null, timeZone: string, now: Date) {
  const days = localDays(timeZone);
  const lastDay = days.dayAt(last?.getTime() ?? now.getTime());
  const firstDay = days.dayAt(lastDay.start + HOUR_MS * (12 - 24 * (HISTORY_OPENING_DAYS - 1)));
  return { from: new Date(firstDay.start), to: new Date(lastDay.end) };
}

/**
 * A battery's history for whoever may see it live (cbm_liveview and the site): its trend over the hour roll-ups
 * for any range, and the range's events and alarms. The expert views (profile analysis from raw samples, the
 * event filter) keep their own features.
 */
export async function batteryHistoryRoutes(app: FastifyInstance, options: { db: Database }) {
  const sites = siteRepository(options.db);
  const history = historyRepository(options.db);
  const api = app.withTypeProvider<ZodTypeProvider>();

  const requireBattery = async (siteId: number, serial: string) => {
    const zone = await history.zoneOf(siteId, serial);
    if (!zone) throw batteryNotFound(serial);
    return zone;
  };

  api.route(
    fromEndpoint(batteryHistoryEndpoints.history, {
      config,
      schema: { tags },
      handler: async (request) => {
        const { operatingSiteId, from, to } = request.query;
        const { serial } = request.params;
        if ((from === undefined) !== (to === undefined)) {
          throw new HttpError(400, 'request.invalid', 'errors.timeRangeHalf');
        }
        await requireSiteAccess(sites, request, operatingSiteId, FEATURE);
        const timezone = await requireBattery(operatingSiteId, serial);
        const coverage = await history.coverage(operatingSiteId, serial);
        const range =
          from && to
            ? checkedRange(from, to, HISTORY_MAX_RANGE_DAYS)
            : openingRange(coverage.last, timezone, new Date());
        const bucketSeconds = bucketSecondsOf(range.from, range.to);
        return {
          batterySerialNumber: serial,
          timezone,
          from: range.from.toISOString(),
          to: range.to.toISOString(),
          bucketSeconds,
          dataFrom: coverage.first?.toISOString() ?? null,
          dataTo: coverage.last?.toISOString() ?? null,
          points: await history.points(operatingSiteId, serial, { ...range, bucketSeconds }),
        };
      },
    }),
  );

  api.route(
    fromEndpoint(batteryHistoryEndpoints.timeline, {
      config,
      schema: { tags },
      handler: async (request) => {
        const { operatingSiteId } = request.query;
        const { serial } = request.params;
        await requireSiteAccess(sites, request, operatingSiteId, FEATURE);
        await requireBattery(operatingSiteId, serial);
        const range = checkedRange(request.query.from, request.query.to, HISTORY_MAX_RANGE_DAYS);
        const query = { siteId: operatingSiteId, serial, ...range, max: HISTORY_TIMELINE_MAX + 1 };
        const [own, found] = await Promise.all([
          batteryEventsOf(options.db, query, request.language),
          batteryAlarmsOf(options.db, query, request.language),
        ]);
        return {
          events: own.slice(0, HISTORY_TIMELINE_MAX),
          alarms: found.slice(0, HISTORY_TIMELINE_MAX),
          truncated: own.length > HISTORY_TIMELINE_MAX || found.length > HISTORY_TIMELINE_MAX,
        };
      },
    }),
  );
}
