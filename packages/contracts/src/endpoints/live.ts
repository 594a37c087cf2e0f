import { apiPath, endpoint } from '../endpoint';
import { type LiveChangeEvent, type LiveStreamChanges, liveStreamQuerySchema } from '../live-stream';

/** The live stream (Server-Sent Events): what its events carry is described in ../live-stream. */
export const liveEndpoints = {
  stream: endpoint({ method: 'GET', path: '/live/stream', query: liveStreamQuerySchema }),
};

/** What a screen asks of the live stream: the events it shows, and of those only what it needs. */
export interface LiveStreamRequest {
  events: readonly LiveChangeEvent[];
  changes?: LiveStreamChanges;
  batterySerialNumber?: string;
}

/** The live stream's address for `siteIds` and what a screen asks of it. */
export function liveStreamUrl(siteIds: number | readonly number[], request: LiveStreamRequest): string {
  const sites = typeof siteIds === 'number' ? String(siteIds) : siteIds.join(',');
  const changes = request.changes && request.changes !== 'all' ? `&changes=${request.changes}` : '';
  const battery =
    request.batterySerialNumber === undefined
      ? ''
      : `&batterySerialNumber=${encodeURIComponent(request.batterySerialNumber)}`;
  return `${apiPath(liveEndpoints.stream)}?operatingSiteId=${sites}&events=${request.events.join(',')}${changes}${battery}`;
}
