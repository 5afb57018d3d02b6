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

/** The shared pipeline columns: one small stream folded on read. */
@Injectable()
export class PipelineColumnsRepository {
  constructor(private readonly eventStore: EventStore) {}

  async load(): Promise<{ columns: PipelineColumn[]; version: number }> {
    const events = await this.eventStore.readStream(PIPELINE_STREAM_ID);
    return {
      columns: foldPipeline(events as unknown as PipelineEvent[]),
      version: events.at(-1)?.streamVersion ?? 0,
    };
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
