import { PassThrough } from 'node:stream';
import { LIVE_STREAM_PATH, type LiveEvent, liveStreamQuerySchema } from '@cbm/contracts/live-stream';
import { SITE_PERMISSIONS } from '@cbm/contracts/site-permissions';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { forbidden, siteNotFound } from '../../http-error';
import { siteRepository } from '../sites/site-repository';
import type { LiveHub } from './live-hub';

const KEEP_ALIVE_MS = 15_000;

/**
 * Server-Sent Events of a site's changed batteries (cbm_liveview) and charger-station twins (cbm_mdliveview),
 * and its fired alerts: battery alerts with cbm_alert, charger-station alerts with cbm_mdlalert and the
 * site's mdload Alert permission.
 */
export async function liveRoutes(app: FastifyInstance, options: { db: Database; live: LiveHub }) {
  const sites = siteRepository(options.db);
  const streams = new Set<PassThrough>();
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(LIVE_STREAM_PATH, {
    schema: {
      tags: ['live'],
      summary: 'Changes of the site’s batteries and charger-station units as Server-Sent Events',
      querystring: liveStreamQuerySchema,
      response: { 200: z.string().describe('text/event-stream: events ready, battery, mdload, alert') },
    },
    handler: async (request, reply) => {
      const user = await request.requireUser();
      const siteId = request.query.operatingSiteId;
      const batteries = await sites.canAccess(user.id, siteId, 'cbm_liveview');
      const mdloads = await sites.canAccess(user.id, siteId, 'cbm_mdliveview');
      const alerts = {
        battery: await sites.canAccess(user.id, siteId, 'cbm_alert'),
        mdload:
          (await sites.canAccess(user.id, siteId, 'cbm_mdlalert')) &&
          (await sites.rules(user.id, siteId)).includes(SITE_PERMISSIONS.mdloadAlert),
      };
      if (!batteries && !mdloads && !alerts.battery && !alerts.mdload) {
        throw (await sites.exists(siteId)) ? forbidden() : siteNotFound(siteId);
      }

      const stream = new PassThrough();
      const send = (event: LiveEvent, data: unknown) => {
        if (!stream.writableEnded) stream.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      };
      const unsubscribe = options.live.subscribe(siteId, (update) => {
        const allowed =
          update.event === 'alert' ? alerts[update.data.product] : update.event === 'battery' ? batteries : mdloads;
        if (allowed) send(update.event, update.data);
      });
      const keepAlive = setInterval(() => stream.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
      streams.add(stream);
      const end = () => {
        clearInterval(keepAlive);
        unsubscribe();
        streams.delete(stream);
        stream.end();
      };
      stream.once('close', end);
      reply.raw.once('close', end);
      // Ready once every change of the site reaches this replica, whichever replica stores it.
      void options.live
        .watched(siteId)
        .then(() =>
          send('ready', { operatingSiteId: siteId, batteries, mdloads, alerts: alerts.battery || alerts.mdload }),
        );
      return (reply as FastifyReply)
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        .send(stream);
    },
  });

  // Open streams would keep the server from closing.
  app.addHook('preClose', async () => {
    for (const stream of [...streams]) stream.end();
  });
}
