import { SESSION_COOKIE } from '@cbm/contracts/auth';
import { liveEndpoints } from '@cbm/contracts/endpoints/live';
import {
  LIVE_CHANGE_EVENTS,
  LIVE_HEARTBEAT_EVENT,
  LIVE_HEARTBEAT_MS,
  type LiveEvent,
  type LiveReady,
} from '@cbm/contracts/live-stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { forbidden, HttpError, siteNotFound } from '../../http-error';
import { fromEndpoint } from '../../route-from-endpoint';
import { siteRepository } from '../sites/site-repository';
import { type LiveAccess, liveAccessOf, lostAny, refusedSites } from './live-access';
import type { LiveHub, LiveUpdate } from './live-hub';
import type { LiveStreamRegistry, OpenLiveStream } from './live-stream-registry';
import { LiveStreamWriter } from './live-stream-writer';

const tooManyStreams = () => new HttpError(429, 'live.tooManyStreams', 'errors.tooManyLiveStreams');

/**
 * Server-Sent Events of the sites' changed batteries (cbm_liveview) and charger-station twins (cbm_mdliveview),
 * their fired alerts and their alarms' changes: battery ones with cbm_alert, charger-station ones with cbm_mdlalert
 * and the site's mdload Alert permission. One stream follows one site or many and counts once against the caps
 * per user and in total. A reader behind its sites' changes gets each device's newest state, and is dropped only
 * when alerts and alarms pile up past LIVE_STREAM_BUFFER_KB (decision 058). A stream ends with its session (sign-out
 * at once, expiry and sign-outs elsewhere at the next check) and when the user loses any of the access it was
 * opened with at any of its sites. `events` narrows what it carries, `changes=health` leaves out readings that do
 * not change what the overview counts, `batterySerialNumber` every other battery's.
 */
export async function liveRoutes(
  app: FastifyInstance,
  options: { db: Database; live: LiveHub; registry: LiveStreamRegistry },
) {
  const sites = siteRepository(options.db);
  const { registry } = options;
  const { limits } = registry;
  // The hub hands every stream of a site the same update: it is written as text once, not once per stream.
  const texts = new WeakMap<LiveUpdate['data'], string>();
  const eventText = (update: LiveUpdate, operatingSiteId: number) => {
    let text = texts.get(update.data);
    if (text === undefined) {
      text = `event: ${update.event}\ndata: ${JSON.stringify({ ...update.data, operatingSiteId })}\n\n`;
      texts.set(update.data, text);
    }
    return text;
  };
  app.onSessionEnded((token) => registry.closeSession(token));

  /**
   * Whether the stream's session ended or its user lost any access it was opened with. A check that fails (pool
   * time-out, database away) ends nothing: it is counted and tried again at the next check.
   */
  const sessionOrAccessEnded = async (
    token: string,
    userId: number,
    siteIds: number[],
    access: Map<number, LiveAccess>,
  ): Promise<boolean> => {
    try {
      const current = await app.sessionStillValid(token);
      return !current || current.id !== userId || lostAny(access, await liveAccessOf(sites, userId, siteIds));
    } catch {
      registry.recheckFailures += 1;
      return false;
    }
  };
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** 404 for the first site that does not exist, else 403: nothing tells which sites of others exist beyond that. */
  const refusal = async (refused: number[]) => {
    const existing = new Set(await sites.existing(refused));
    const unknown = refused.find((siteId) => !existing.has(siteId));
    return unknown === undefined ? forbidden() : siteNotFound(unknown);
  };

  api.route(
    fromEndpoint(liveEndpoints.stream, {
      schema: {
        tags: ['live'],
        summary: 'Changes of the sites’ batteries and charger-station units as Server-Sent Events',
        response: { 200: z.string().describe('text/event-stream: events ready, battery, mdload, alert, alarm') },
      },
      handler: async (request, reply) => {
        const user = await request.requireUser();
        const siteIds = [...new Set(request.query.operatingSiteId)];
        const wanted = new Set<LiveEvent>(request.query.events ?? LIVE_CHANGE_EVENTS);
        const healthOnly = request.query.changes === 'health';
        const onlyBattery = request.query.batterySerialNumber;
        const access = await liveAccessOf(sites, user.id, siteIds);
        const refused = refusedSites(access);
        if (refused.length > 0) throw await refusal(refused);
        if (!registry.admits(user.id)) throw tooManyStreams();

        const open: OpenLiveStream = { userId: user.id, sessionToken: request.cookies[SESSION_COOKIE] ?? '', close };
        const writer = new LiveStreamWriter(limits.bufferBytes, () => {
          request.log.info({ userId: user.id }, 'live stream dropped: the reader is too slow');
          close();
          reply.raw.destroy();
        });
        const { stream } = writer;
        const send = (event: LiveEvent | typeof LIVE_HEARTBEAT_EVENT, data: unknown) =>
          writer.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
        const unsubscribes = [...access].map(([siteId, site]) =>
          options.live.subscribe(siteId, (update) => {
            const allowed =
              update.event === 'alert' || update.event === 'alarm'
                ? site[update.data.product]
                : update.event === 'battery'
                  ? site.batteries
                  : site.mdloads;
            if (!allowed || !wanted.has(update.event)) return;
            if (update.event === 'battery' || update.event === 'mdload') {
              if (healthOnly && !update.healthChanged) return;
              const device = update.event === 'battery' ? update.data.batterySerialNumber : update.data.mdLoadSerial;
              if (update.event === 'battery' && onlyBattery !== undefined && device !== onlyBattery) return;
              writer.offer(`${update.event} ${siteId} ${device}`, eventText(update, siteId));
            } else writer.write(eventText(update, siteId));
          }),
        );
        const keepAlive = setInterval(() => send(LIVE_HEARTBEAT_EVENT, {}), LIVE_HEARTBEAT_MS);
        let checking = false;
        const recheck = setInterval(async () => {
          if (checking) return;
          checking = true;
          const ended = await sessionOrAccessEnded(open.sessionToken, user.id, siteIds, access);
          checking = false;
          if (ended) close();
        }, limits.recheckMs);
        registry.add(open);
        function close() {
          clearInterval(keepAlive);
          clearInterval(recheck);
          for (const unsubscribe of unsubscribes) unsubscribe();
          registry.delete(open);
          writer.end();
        }
        stream.once('close', close);
        reply.raw.once('close', close);
        // Ready once every change of its sites reaches this replica, whichever replica stores it.
        void Promise.all(siteIds.map((siteId) => options.live.watched(siteId))).then(() => {
          const watched = [...access].map(([operatingSiteId, site]) => ({
            operatingSiteId,
            batteries: site.batteries,
            mdloads: site.mdloads,
            alerts: site.battery || site.mdload,
          }));
          const [first] = watched;
          if (first) send('ready', { ...first, sites: watched } satisfies LiveReady);
        });
        return (reply as FastifyReply)
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-cache, no-transform')
          .header('x-accel-buffering', 'no')
          .send(stream);
      },
    }),
  );

  // Open streams would keep the server from closing.
  app.addHook('preClose', async () => registry.closeAll());
}
