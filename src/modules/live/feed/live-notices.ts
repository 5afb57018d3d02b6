import { LIVE_POSITION_PATTERN, type LiveChange } from '#src/contract/live.js';
import {
  LEAD_EVENT_TYPES,
  leadIdFromStream,
  PIPELINE_EVENT_TYPES,
} from '#src/modules/leads/index.js';
import { leadIdFromMailStream, MAIL_EVENT_TYPES } from '#src/modules/mail/index.js';
import type { LogPosition, RecordedEvent } from '#src/platform/event-store/event-store.types.js';

const LEAD_TYPES = new Set<string>(LEAD_EVENT_TYPES);
const MAIL_TYPES = new Set<string>(MAIL_EVENT_TYPES);

/** What the board, the lead details, the Overview and a conversation show. */
export const LIVE_EVENT_TYPES: readonly string[] = [
  ...LEAD_EVENT_TYPES,
  ...PIPELINE_EVENT_TYPES,
  ...MAIL_EVENT_TYPES,
];

/** An event told as a notice: which stream moved and where, nothing of what it holds. */
export function changeOf(event: RecordedEvent): LiveChange {
  return {
    type: event.type,
    streamId: event.streamId,
    leadId: LEAD_TYPES.has(event.type)
      ? leadIdFromStream(event.streamId)
      : MAIL_TYPES.has(event.type)
        ? leadIdFromMailStream(event.streamId)
        : null,
    version: event.streamVersion,
    position: event.globalPosition,
  };
}

export const positionId = (position: LogPosition): string =>
  `${position.transactionId}-${position.globalPosition}`;

export const positionOf = (event: RecordedEvent): LogPosition => ({
  transactionId: event.transactionId,
  globalPosition: event.globalPosition,
});

/** The position an SSE id names, or null for anything that is not one. */
export function parsePositionId(id: string | undefined): LogPosition | null {
  if (!id || !LIVE_POSITION_PATTERN.test(id)) return null;
  const [transactionId, globalPosition] = id.split('-');
  const position = Number(globalPosition);
  if (!Number.isSafeInteger(position)) return null;
  return { transactionId: BigInt(transactionId).toString(), globalPosition: position };
}

/** One SSE message; `id` moves the client's Last-Event-ID, which a resume sends back. */
export function sseMessage(event: string, data: unknown, id?: string): string {
  return `${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}
