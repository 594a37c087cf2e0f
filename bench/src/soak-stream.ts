import http from 'node:http';
import { liveStreamUrl } from '@cbm/contracts/endpoints/live';

/** What one operator's live-view stream brought during the soak. */
export interface StreamTally {
  status: number;
  events: number;
  bytes: number;
  /** Whether the server ended the stream before the operator closed it. */
  endedEarly: boolean;
  close(): void;
}

/** Opens the live stream of a site as the live view does and counts what arrives, keeping nothing. */
export function watchLiveStream(base: string, cookie: string, siteId: number): Promise<StreamTally> {
  return new Promise((resolve, reject) => {
    let closing = false;
    const request = http.get(
      `${base}${liveStreamUrl(siteId, { events: ['battery'] })}`,
      { headers: { accept: 'text/event-stream', cookie }, agent: false },
      (response) => {
        const tally: StreamTally = {
          status: response.statusCode ?? 0,
          events: 0,
          bytes: 0,
          endedEarly: false,
          close: () => {
            closing = true;
            request.destroy();
          },
        };
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          tally.bytes += Buffer.byteLength(chunk);
          for (let at = chunk.indexOf('event: '); at >= 0; at = chunk.indexOf('event: ', at + 7)) tally.events++;
        });
        response.on('error', () => undefined);
        response.on('close', () => {
          if (!closing) tally.endedEarly = true;
        });
        resolve(tally);
      },
    );
    request.on('error', reject);
  });
}
