import { Injectable } from '@nestjs/common';
import type pg from 'pg';
import { RequirementChangedError } from '#src/platform/event-store/event-store.errors.js';
import {
  handleCommand,
  loadStream,
  retryOnConflict,
  type StreamFold,
} from '#src/platform/event-store/command-path.js';
import { EventStore } from '#src/platform/event-store/event-store.js';
import type { NewEvent, StreamRequirement } from '#src/platform/event-store/event-store.types.js';
import {
  PIPELINE_STREAM_ID,
  PIPELINE_STREAM_TYPE,
  type PipelineColumn,
  type PipelineEvent,
} from '#src/modules/leads/domain/pipeline.events.js';
import { decide, type PipelineCommand } from '#src/modules/leads/domain/pipeline.decide.js';
import { DEFAULT_COLUMNS, evolve } from '#src/modules/leads/domain/pipeline.state.js';

export interface PipelineSnapshot {
  readonly columns: readonly PipelineColumn[];
  readonly version: number;
  readonly statuses: readonly string[];
  /** For a lead append decided on these columns: they must still hold when it commits. */
  readonly requirement: StreamRequirement;
}

const DECIDE_ATTEMPTS = 3;

const PIPELINE_FOLD: StreamFold<PipelineEvent, readonly PipelineColumn[]> = {
  evolve,
  initialState: DEFAULT_COLUMNS,
};

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
    const loaded = await loadStream(this.eventStore, PIPELINE_STREAM_ID, PIPELINE_FOLD, {
      personalData: false,
    });
    const columns = Object.freeze(loaded.state);
    this.snapshot = {
      columns,
      version: loaded.version,
      statuses: Object.freeze(columns.map((c) => c.id)),
      requirement: { streamId: PIPELINE_STREAM_ID, version: loaded.version },
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
    let snapshot: PipelineSnapshot | null = null;
    return retryOnConflict(
      DECIDE_ATTEMPTS,
      async () => {
        snapshot = this.snapshot ?? (await this.load());
        return work(snapshot);
      },
      async (error) => {
        if (!snapshot || !(await this.movedOn(snapshot, error))) return false;
        this.snapshot = null;
        return true;
      },
    );
  }

  private async movedOn(snapshot: PipelineSnapshot, error: unknown): Promise<boolean> {
    if (error instanceof RequirementChangedError) return error.streamId === PIPELINE_STREAM_ID;
    return (await this.eventStore.streamVersion(PIPELINE_STREAM_ID)) !== snapshot.version;
  }

  /** Decides a column command on the current columns and appends what it causes. */
  async change(
    command: PipelineCommand,
  ): Promise<{ events: PipelineEvent[]; columns: readonly PipelineColumn[] }> {
    const { decided, state } = await handleCommand<PipelineEvent, readonly PipelineColumn[]>(
      this.eventStore,
      PIPELINE_STREAM_ID,
      PIPELINE_FOLD,
      (columns) => decide(command, columns),
      {
        expectedVersion: ({ version }) => (version === 0 ? 'no_stream' : version),
        personalData: false,
        append: { streamType: PIPELINE_STREAM_TYPE },
      },
    );
    if (decided.length > 0) this.snapshot = null;
    return { events: decided, columns: decided.reduce(evolve, state) };
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
