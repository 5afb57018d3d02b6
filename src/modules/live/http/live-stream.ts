import type { Response } from 'express';
import { LIVE_EVENTS, LIVE_HEARTBEAT_MS } from '#src/contract/live.js';
import { isAfterPosition, type LogPosition } from '#src/platform/event-store/event-store.types.js';
import type { LiveFeed, LiveFrame, LiveSubscriber } from '../feed/live-feed.js';
import { positionId, sseMessage } from '../feed/live-notices.js';

/** What a client that fell this far behind has not read is dropped with it: it resumes. */
const MAX_UNSENT_BYTES = 256 * 1024;
/** How long a client waits before reconnecting by itself (the SSE `retry` field). */
const RECONNECT_MS = 2000;
/** The session is looked at again this often: a stream ends soon after a sign-out. */
const SESSION_CHECK_EVERY_HEARTBEATS = 4;

/**
 * One open live stream: told the changes it missed since `after` (when it resumes), then every
 * new one, a heartbeat comment between; ends when the client goes, falls too far behind, its
 * session ends, or the instance stops.
 */
export class LiveStream implements LiveSubscriber {
  private buffered: LiveFrame[] | null = [];
  private sentUpTo: LogPosition | null = null;
  private heartbeats: NodeJS.Timeout | null = null;
  private unsubscribe: () => void = () => undefined;
  private ended = false;

  constructor(
    private readonly response: Response,
    private readonly feed: LiveFeed,
    /** Whether the stream's session is still live. */
    private readonly sessionLive: () => Promise<boolean>,
  ) {}

  async open(after: LogPosition | null): Promise<void> {
    this.response.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      // no-transform: the compression middleware and proxies leave the stream unbuffered.
      'Cache-Control': 'no-store, no-transform',
      'X-Accel-Buffering': 'no',
      Connection: 'keep-alive',
    });
    this.response.write(`retry: ${RECONNECT_MS}\n\n`);
    this.response.once('close', () => this.end());
    const { unsubscribe, head } = await this.feed.subscribe(this);
    this.unsubscribe = unsubscribe;
    if (this.ended) return unsubscribe();
    this.sentUpTo = head;
    if (after) {
      const { frames, complete } = await this.feed.missed(after);
      if (complete) {
        this.sentUpTo = after;
        this.write(frames);
      } else this.write([{ position: null, text: sseMessage(LIVE_EVENTS.resync, {}) }]);
    }
    const from = this.sentUpTo;
    this.response.write(sseMessage(LIVE_EVENTS.ready, {}, positionId(from)));
    const waiting = this.buffered ?? [];
    this.buffered = null;
    this.write(waiting);
    this.beat(0);
  }

  deliver(frames: readonly LiveFrame[]): void {
    if (this.buffered) this.buffered.push(...frames);
    else this.write(frames);
  }

  close(): void {
    this.end();
  }

  private write(frames: readonly LiveFrame[]): void {
    if (this.ended) return;
    let text = '';
    for (const frame of frames) {
      if (frame.position) {
        if (this.sentUpTo && !isAfterPosition(frame.position, this.sentUpTo)) continue;
        this.sentUpTo = frame.position;
      }
      text += frame.text;
    }
    if (text === '') return;
    this.response.write(text);
    if (this.response.writableLength > MAX_UNSENT_BYTES) this.end();
  }

  private beat(count: number): void {
    this.heartbeats = setTimeout(() => {
      if (this.ended) return;
      this.response.write(': heartbeat\n\n');
      if ((count + 1) % SESSION_CHECK_EVERY_HEARTBEATS !== 0) return this.beat(count + 1);
      void this.sessionLive()
        .catch(() => true) // a database hiccup is no reason to drop every screen
        .then((live) => (live ? this.beat(count + 1) : this.end()));
    }, LIVE_HEARTBEAT_MS);
  }

  private end(): void {
    if (this.ended) return;
    this.ended = true;
    if (this.heartbeats) clearTimeout(this.heartbeats);
    this.unsubscribe();
    this.response.end();
  }
}
