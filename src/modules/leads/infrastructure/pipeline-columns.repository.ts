import { Injectable } from '@nestjs/common';
import type pg from 'pg';
import { EventStore } from '#src/platform/event-store/event-store.js';
import type { NewEvent } from '#src/platform/event-store/event-store.types.js';
import {
  foldPipeline,
  PIPELINE_STREAM_ID,
  PIPELINE_STREAM_TYPE,
  type PipelineColumn,
  type PipelineEvent,
} from '#src/modules/leads/domain/pipeline-columns.js';

interface PipelineSnapshot {
  readonly columns: readonly PipelineColumn[];
  readonly version: number;
}

/**
 * The shared pipeline columns: one small stream folded on read. Every lead creation and status
 * change needs them, yet they rarely change, so the fold is kept and re-read only when the
 * stream's version (one cheap lookup, also correct with several instances) has moved.
 */
@Injectable()
export class PipelineColumnsRepository {
  private snapshot: PipelineSnapshot | null = null;

  constructor(private readonly eventStore: EventStore) {}

  async load(): Promise<PipelineSnapshot> {
    const version = await this.eventStore.streamVersion(PIPELINE_STREAM_ID);
    if (this.snapshot?.version === version) return this.snapshot;
    const events = await this.eventStore.readStream(PIPELINE_STREAM_ID);
    this.snapshot = {
      columns: Object.freeze(foldPipeline(events as unknown as PipelineEvent[])),
      version: events.at(-1)?.streamVersion ?? 0,
    };
    return this.snapshot;
  }

  async statuses(): Promise<string[]> {
    return (await this.load()).columns.map((c) => c.id);
  }

  async append(
    version: number,
    events: PipelineEvent[],
    transaction?: pg.PoolClient,
  ): Promise<void> {
    if (events.length === 0) return;
    await this.eventStore.append(
      PIPELINE_STREAM_ID,
      version === 0 ? 'no_stream' : version,
      events as unknown as NewEvent[],
      { streamType: PIPELINE_STREAM_TYPE },
      transaction,
    );
  }
}
