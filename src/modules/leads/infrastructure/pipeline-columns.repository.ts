import { Injectable } from '@nestjs/common';
import type pg from 'pg';
import { RequirementChangedError } from '#src/platform/event-store/event-store.errors.js';
import { EventStore } from '#src/platform/event-store/event-store.js';
import type { NewEvent, StreamRequirement } from '#src/platform/event-store/event-store.types.js';
import {
  PIPELINE_STREAM_ID,
  PIPELINE_STREAM_TYPE,
  type PipelineColumn,
  type PipelineEvent,
} from '#src/modules/leads/domain/pipeline.events.js';
import { decide, type PipelineCommand } from '#src/modules/leads/domain/pipeline.decide.js';
import { evolve, foldPipeline } from '#src/modules/leads/domain/pipeline.state.js';

export interface PipelineSnapshot {
  readonly columns: readonly PipelineColumn[];
  readonly version: number;
  readonly statuses: readonly string[];
  /** For a lead append decided on these columns: they must still hold when it commits. */
  readonly requirement: StreamRequirement;
}

const DECIDE_ATTEMPTS = 3;

/**
 * The shared pipeline columns: one small stream folded on read. Every lead creation and status
 * change needs them, yet they rarely change, so the fold is kept. Screens re-read it when the
 * stream's version (one cheap lookup) has moved; lead commands use it as kept and require its
 * version on their append, so a change by anyone (any instance) makes them decide again.
 */
@Injectable()
export class PipelineColumnsRepository {
  private snapshot: PipelineSnapshot | null = null;

  constructor(private readonly eventStore: EventStore) {}

  async load(): Promise<PipelineSnapshot> {
    const version = await this.eventStore.streamVersion(PIPELINE_STREAM_ID);
    if (this.snapshot?.version === version) return this.snapshot;
    const events = await this.eventStore.readStream(PIPELINE_STREAM_ID, { personalData: false });
    const columns = Object.freeze(foldPipeline(events as unknown as PipelineEvent[]));
    const latest = events.at(-1)?.streamVersion ?? 0;
    this.snapshot = {
      columns,
      version: latest,
      statuses: Object.freeze(columns.map((c) => c.id)),
      requirement: { streamId: PIPELINE_STREAM_ID, version: latest },
    };
    return this.snapshot;
  }

  /**
   * Runs a lead command on the columns as kept here, with no round trip. If its append finds the
   * pipeline changed meanwhile (`snapshot.requirement`), or the command is refused while another
   * instance has changed the columns (a status it does not know yet), the columns are read again
   * and the command decided again.
   */
  async decideWith<T>(work: (snapshot: PipelineSnapshot) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const snapshot = this.snapshot ?? (await this.load());
      try {
        return await work(snapshot);
      } catch (error) {
        if (attempt >= DECIDE_ATTEMPTS || !(await this.movedOn(snapshot, error))) throw error;
        this.snapshot = null;
      }
    }
  }

  private async movedOn(snapshot: PipelineSnapshot, error: unknown): Promise<boolean> {
    if (error instanceof RequirementChangedError) return error.streamId === PIPELINE_STREAM_ID;
    return (await this.eventStore.streamVersion(PIPELINE_STREAM_ID)) !== snapshot.version;
  }

  /** Decides a column command on the current columns and appends what it causes. */
  async change(
    command: PipelineCommand,
  ): Promise<{ events: PipelineEvent[]; columns: readonly PipelineColumn[] }> {
    const { columns, version } = await this.load();
    const events = decide(command, columns);
    await this.append(version, events);
    return { events, columns: events.reduce(evolve, columns) };
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
    this.snapshot = null;
  }
}
