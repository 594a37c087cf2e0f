import http from 'node:http';

/** A Server-Sent Events reader for tests: collects the events as they come. */
export interface SseEvent {
  event: string;
  data: unknown;
}

export interface SseConnection {
  status: number;
  events: SseEvent[];
  /** Whether the server has ended the stream (or the connection broke). */
  ended: boolean;
  close(): void;
}

// node:http rather than fetch: undici may open a fresh connection after an aborted stream, which
// then keeps the server from closing.
export function openSse(url: string, headers: Record<string, string>): Promise<SseConnection> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { headers: { accept: 'text/event-stream', ...headers }, agent: false },
      (response) => {
        const events: SseEvent[] = [];
        response.setEncoding('utf8');
        response.on(
          'data',
          eventsOf((event) => events.push(event)),
        );
        response.on('error', () => undefined);
        const connection: SseConnection = {
          status: response.statusCode ?? 0,
          events,
          ended: false,
          close: () => request.destroy(),
        };
        response.on('close', () => {
          connection.ended = true;
        });
        resolve(connection);
      },
    );
    request.on('error', reject);
  });
}

/** Calls `onEvent` with each whole event of the chunks it is given. */
function eventsOf(onEvent: (event: SseEvent) => void) {
  let buffer = '';
  return (chunk: string) => {
    buffer += chunk;
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event && data) onEvent({ event, data: JSON.parse(data) });
    }
  };
}

export interface PausedReader {
  /** Starts taking the stream, handing each event to `onEvent`. */
  resume(onEvent: (event: SseEvent) => void): void;
  readonly ended: boolean;
  close(): void;
}

/** A stream's reader that takes nothing until resumed: a browser tab too slow for its stream. */
export function pausedReader(url: string, cookie: string): Promise<PausedReader> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { accept: 'text/event-stream', cookie }, agent: false }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`status ${response.statusCode}`));
      response.pause();
      response.setEncoding('utf8');
      let ended = false;
      response.on('close', () => {
        ended = true;
      });
      response.on('error', () => undefined);
      resolve({
        resume: (onEvent) => {
          response.on('data', eventsOf(onEvent));
          response.resume();
        },
        get ended() {
          return ended;
        },
        close: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}
