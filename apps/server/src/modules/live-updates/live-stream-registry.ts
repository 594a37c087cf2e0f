import type { LiveStreamMetrics } from '@cbm/contracts/ingest-metrics';

export interface LiveStreamLimits {
  /** Open streams one user may hold (tabs, devices), in this process. */
  perUser: number;
  /** Open streams in this process. */
  total: number;
  /** Bytes a stream may have waiting for a slow reader before it is dropped. */
  bufferBytes: number;
  /** How often an open stream checks that its session and access live on. */
  recheckMs: number;
}

export interface OpenLiveStream {
  userId: number;
  sessionToken: string;
  close(): void;
}

/** The open live streams of this process: the caps, closing those of a session that ended, and their metrics. */
export class LiveStreamRegistry {
  private readonly streams = new Set<OpenLiveStream>();
  /** Session or access re-checks that failed (the stream stayed open). */
  recheckFailures = 0;

  constructor(readonly limits: LiveStreamLimits) {}

  /** Whether one more stream for this user fits under both caps. */
  admits(userId: number): boolean {
    if (this.streams.size >= this.limits.total) return false;
    let own = 0;
    for (const stream of this.streams) if (stream.userId === userId) own += 1;
    return own < this.limits.perUser;
  }

  add(stream: OpenLiveStream): void {
    this.streams.add(stream);
  }

  delete(stream: OpenLiveStream): void {
    this.streams.delete(stream);
  }

  closeSession(sessionToken: string): void {
    for (const stream of [...this.streams]) if (stream.sessionToken === sessionToken) stream.close();
  }

  closeAll(): void {
    for (const stream of [...this.streams]) stream.close();
  }

  metrics(): LiveStreamMetrics {
    return { open: this.streams.size, recheckFailures: this.recheckFailures };
  }
}
