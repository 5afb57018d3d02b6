/**
 * The admin's live stream: server-sent events that tell open screens what changed, never what it
 * changed to (no personal data): the screens ask the API again (docs/decisions/0112-live-stream.md).
 */

import { selfNamed } from './self-named.js';

/** The stream itself (`GET`, an EventSource). */
export const LIVE_STREAM_PATH = '/api/admin/live';
/** `POST` with the bearer token: lets this browser's EventSource open the stream (a cookie). */
export const LIVE_SESSION_PATH = '/api/admin/live/session';

/**
 * The SSE event names the stream sends. `ready`: connected, from here on every change is told (its
 * id is where a resume starts). `change`: one appended event, which the board, the lead and its
 * conversation already read. `stats`: the Overview's totals (an async projection) have caught up
 * with the changes told so far. `resync`: changes were missed (a resume from too far back), so
 * everything is asked for again.
 */
export const LIVE_EVENTS = selfNamed(['ready', 'change', 'stats', 'resync']);

/** The data of a `change` event. Its SSE id is the event's log position. */
export interface LiveChange {
  /** The event type, e.g. `LeadStatusChanged`. */
  type: string;
  streamId: string;
  /** The lead it concerns; null for the pipeline's columns. */
  leadId: string | null;
  /** The stream's version after this event. */
  version: number;
  /** The event's global position in the log. */
  position: number;
}

/** An SSE id (`<transaction id>-<global position>`) as the `after` query and Last-Event-ID carry it. */
export const LIVE_POSITION_PATTERN = /^\d{1,20}-\d{1,19}$/;

/** A comment line this often keeps proxies from closing an idle stream. */
export const LIVE_HEARTBEAT_MS = 15_000;
