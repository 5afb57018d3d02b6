import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { PG_POOL } from '#src/platform/database/queryable.js';
import { Refusal } from '#src/platform/domain/refusal.js';
import { EventStore } from '#src/platform/event-store/event-store.js';
import {
  LOG_START,
  type LogPosition,
  type RecordedEvent,
} from '#src/platform/event-store/event-store.types.js';
import {
  EVENT_EXPORT_STREAM_ID,
  EVENT_EXPORT_STREAM_TYPE,
  ReportEvents,
  type EventLogExported,
} from '#src/modules/reports/domain/report.events.js';

const PAGE_SIZE = 1000;

export interface EventLogExportRequest {
  /** Global position of the last event the caller already has; 0 for the whole log. */
  after?: number;
  /** Only events that happened at or after this time. */
  since?: Date;
  includePersonalData: boolean;
}

/**
 * The event log for analysis outside the app, in commit order, one JSON object per line. Without
 * personal data unless asked for, and then the export itself is recorded in the log.
 */
@Injectable()
export class EventLogExport {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    private readonly eventStore: EventStore,
  ) {}

  /** Checks the request and records it; the lines come from `lines()`. */
  async start(request: EventLogExportRequest): Promise<AsyncGenerator<string>> {
    const start = await this.startPosition(request);
    if (request.includePersonalData) {
      const exported: EventLogExported = {
        type: ReportEvents.EventLogExported,
        data: {
          afterPosition: request.after ?? null,
          since: request.since?.toISOString() ?? null,
          includePersonalData: true,
        },
      };
      await this.eventStore.append(EVENT_EXPORT_STREAM_ID, 'any', [exported], {
        streamType: EVENT_EXPORT_STREAM_TYPE,
      });
    }
    return this.lines(start, request);
  }

  private async *lines(
    start: LogPosition | null,
    { since, includePersonalData }: EventLogExportRequest,
  ): AsyncGenerator<string> {
    let position = start;
    while (position) {
      const events = await this.eventStore.readAll(position, PAGE_SIZE, {
        personalData: includePersonalData,
      });
      for (const event of events) {
        if (!since || event.occurredAt >= since)
          yield `${JSON.stringify(lineOf(event, includePersonalData))}\n`;
      }
      const last = events.at(-1);
      position =
        events.length === PAGE_SIZE && last
          ? { transactionId: last.transactionId, globalPosition: last.globalPosition }
          : null;
    }
  }

  /** Where reading starts (exclusive), or null when nothing can match. */
  private async startPosition({
    after,
    since,
  }: EventLogExportRequest): Promise<LogPosition | null> {
    if (after) {
      const { rows } = await this.pool.query<{ transaction_id: string }>(
        'select transaction_id::text from events where global_position = $1',
        [after],
      );
      if (!rows[0]) throw new Refusal('invalid', `after: no event has position ${after}`);
      return { transactionId: rows[0].transaction_id, globalPosition: after };
    }
    if (!since) return LOG_START;
    const { rows } = await this.pool.query<{ transaction_id: string; global_position: string }>(
      `select transaction_id::text, global_position from events where occurred_at >= $1
       order by transaction_id, global_position limit 1`,
      [since],
    );
    if (!rows[0]) return null;
    // Just before the first match: reading is exclusive of its start.
    return {
      transactionId: rows[0].transaction_id,
      globalPosition: Number(rows[0].global_position) - 1,
    };
  }
}

function lineOf(event: RecordedEvent, includePersonalData: boolean) {
  const { ipHash, ...metadata } = event.metadata;
  return {
    globalPosition: event.globalPosition,
    transactionId: event.transactionId,
    streamId: event.streamId,
    streamVersion: event.streamVersion,
    eventId: event.eventId,
    type: event.type,
    schemaVersion: event.schemaVersion,
    occurredAt: event.occurredAt.toISOString(),
    data: event.data,
    metadata: includePersonalData ? { ...metadata, ipHash } : metadata,
    ...(includePersonalData ? { personalData: event.personalData ?? null } : {}),
  };
}
