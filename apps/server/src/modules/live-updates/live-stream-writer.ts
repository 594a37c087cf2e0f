import { PassThrough } from 'node:stream';

/**
 * How much of a stream's readings waits on each side of it before the writer coalesces: set here, not left to
 * Node's default (16 KB until Node 22, 64 KB since), and at most a quarter of the limit, so readings alone never
 * reach the limit that drops a reader.
 */
const HIGH_WATER_BYTES = 16 * 1024;

/**
 * Writes one live stream's events, so that a reader slower than its sites' changes gets each device's newest
 * state instead of every reading (decision 058). While the stream is blocked (its buffer past the high-water
 * mark), a device's reading replaces the one still waiting for it, and the waiting ones go out in the order they
 * began to wait as the reader drains. What cannot be coalesced (alerts, alarms, `ready`, keep-alives) is written at
 * once; a reader that lets that pass `bufferBytes` is dropped (`overflow`). What is written in one turn of the event
 * loop (the hub hands out a site's changes device by device) reaches the stream as one chunk: one write to the
 * socket instead of hundreds (decision 063).
 */
export class LiveStreamWriter {
  /** What the reader gets. */
  readonly stream: PassThrough;
  private readonly highWaterMark: number;
  private readonly waiting = new Map<string, string>();
  private blocked = false;
  /** Written this turn, not yet in the stream. */
  private pending: string[] = [];
  private pendingBytes = 0;

  constructor(
    private readonly bufferBytes: number,
    private readonly overflow: () => void,
  ) {
    this.highWaterMark = Math.min(HIGH_WATER_BYTES, Math.floor(bufferBytes / 4));
    this.stream = new PassThrough({ highWaterMark: this.highWaterMark });
    this.stream.on('drain', () => {
      this.blocked = false;
      this.writeWaiting();
    });
  }

  /** An event every reader must get, in order. */
  write(text: string): void {
    if (this.stream.writableEnded) return;
    if (this.pending.length === 0) queueMicrotask(() => this.flush());
    this.pending.push(text);
    this.pendingBytes += Buffer.byteLength(text);
    if (this.buffered() > this.bufferBytes) this.overflow();
  }

  /** A device's state (`key` names the device): only its newest is kept while the reader is behind. */
  offer(key: string, text: string): void {
    if (this.stream.writableEnded) return;
    // A device keeps its place: one that changes all the time cannot keep the others waiting.
    if (this.full() || this.waiting.size > 0) this.waiting.set(key, text);
    else this.write(text);
  }

  /** Ends the stream after what was written this turn. */
  end(): void {
    this.flush();
    this.stream.end();
  }

  private flush(): void {
    const text = this.pending.join('');
    this.pending = [];
    this.pendingBytes = 0;
    if (this.stream.writableEnded || text === '') return;
    this.blocked = !this.stream.write(text) || this.blocked;
    if (!this.blocked) this.writeWaiting();
  }

  private writeWaiting(): void {
    for (const [key, text] of this.waiting) {
      if (this.full() || this.stream.writableEnded) return;
      this.waiting.delete(key);
      this.write(text);
    }
  }

  /** Blocked, or this turn's writes alone reach the high-water mark. */
  private full(): boolean {
    return this.blocked || this.pendingBytes >= this.highWaterMark;
  }

  private buffered(): number {
    return this.stream.writableLength + this.stream.readableLength + this.pendingBytes;
  }
}
