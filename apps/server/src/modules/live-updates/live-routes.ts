import { PassThrough } from 'node:stream';
import { SESSION_COOKIE } from '@cbm/contracts/auth';
import {
  LIVE_CHANGE_EVENTS,
  LIVE_STREAM_PATH,
  type LiveEvent,
  liveStreamQuerySchema,
} from '@cbm/contracts/live-stream';
import { SITE_PERMISSIONS } from '@cbm/contracts/site-permissions';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { forbidden, HttpError, siteNotFound } from '../../http-error';
import { siteRepository } from '../sites/site-repository';
import type { LiveHub } from './live-hub';
import { type LiveStreamLimits, LiveStreamRegistry, type OpenLiveStream } from './live-stream-registry';

const KEEP_ALIVE_MS = 15_000;

const tooManyStreams = () => new HttpError(429, 'live.tooManyStreams', 'errors.tooManyLiveStreams');

/**
 * Server-Sent Events of a site's changed batteries (cbm_liveview) and charger-station twins (cbm_mdliveview),
 * its fired alerts and its alarms' changes: battery ones with cbm_alert, charger-station ones with cbm_mdlalert
 * and the site's mdload Alert permission. Streams are capped per user and in total; a reader too slow to take its
 * events is dropped; a stream ends with its session (sign-out at once, expiry and sign-outs elsewhere at
 * the next check) and when the user loses any of the access it was opened with. `events` narrows what it carries.
 */
export async function liveRoutes(
  app: FastifyInstance,
  options: { db: Database; live: LiveHub; limits: LiveStreamLimits },
) {
  const sites = siteRepository(options.db);
  const registry = new LiveStreamRegistry(options.limits);
  app.onSessionEnded((token) => registry.closeSession(token));
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** What the user may see of the site's live changes. */
  const accessOf = async (userId: number, siteId: number) => ({
    batteries: await sites.canAccess(userId, siteId, 'cbm_liveview'),
    mdloads: await sites.canAccess(userId, siteId, 'cbm_mdliveview'),
    battery: await sites.canAccess(userId, siteId, 'cbm_alert'),
    mdload:
      (await sites.canAccess(userId, siteId, 'cbm_mdlalert')) &&
      (await sites.rules(userId, siteId)).includes(SITE_PERMISSIONS.mdloadAlert),
  });
  type Access = Awaited<ReturnType<typeof accessOf>>;
  const lostAny = (before: Access, now: Access) =>
    (Object.keys(before) as (keyof Access)[]).some((key) => before[key] && !now[key]);

  api.get(LIVE_STREAM_PATH, {
    schema: {
      tags: ['live'],
      summary: 'Changes of the site’s batteries and charger-station units as Server-Sent Events',
      querystring: liveStreamQuerySchema,
      response: { 200: z.string().describe('text/event-stream: events ready, battery, mdload, alert, alarm') },
    },
    handler: async (request, reply) => {
      const user = await request.requireUser();
      const siteId = request.query.operatingSiteId;
      const wanted = new Set<LiveEvent>(request.query.events ?? LIVE_CHANGE_EVENTS);
      const access = await accessOf(user.id, siteId);
      if (!Object.values(access).some(Boolean)) {
        throw (await sites.exists(siteId)) ? forbidden() : siteNotFound(siteId);
      }
      if (!registry.admits(user.id)) throw tooManyStreams();

      const stream = new PassThrough();
      const open: OpenLiveStream = { userId: user.id, sessionToken: request.cookies[SESSION_COOKIE] ?? '', close };
      const write = (text: string) => {
        if (stream.writableEnded) return;
        stream.write(text);
        // What waits in this stream and the socket's buffer: a reader that does not take it is dropped.
        if (stream.writableLength + stream.readableLength > options.limits.bufferBytes) {
          request.log.info({ userId: user.id }, 'live stream dropped: the reader is too slow');
          close();
          reply.raw.destroy();
        }
      };
      const send = (event: LiveEvent, data: unknown) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      const unsubscribe = options.live.subscribe(siteId, (update) => {
        const allowed =
          update.event === 'alert' || update.event === 'alarm'
            ? access[update.data.product]
            : update.event === 'battery'
              ? access.batteries
              : access.mdloads;
        if (allowed && wanted.has(update.event)) send(update.event, update.data);
      });
      const keepAlive = setInterval(() => write(': keep-alive\n\n'), KEEP_ALIVE_MS);
      const recheck = setInterval(async () => {
        const current = await app.sessionStillValid(open.sessionToken).catch(() => undefined);
        if (!current || lostAny(access, await accessOf(current.id, siteId).catch(() => access))) close();
      }, options.limits.recheckMs);
      registry.add(open);
      function close() {
        clearInterval(keepAlive);
        clearInterval(recheck);
        unsubscribe();
        registry.delete(open);
        stream.end();
      }
      stream.once('close', close);
      reply.raw.once('close', close);
      // Ready once every change of the site reaches this replica, whichever replica stores it.
      void options.live.watched(siteId).then(() =>
        send('ready', {
          operatingSiteId: siteId,
          batteries: access.batteries,
          mdloads: access.mdloads,
          alerts: access.battery || access.mdload,
        }),
      );
      return (reply as FastifyReply)
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        .send(stream);
    },
  });

  // Open streams would keep the server from closing.
  app.addHook('preClose', async () => registry.closeAll());
}
