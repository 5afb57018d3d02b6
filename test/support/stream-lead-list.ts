import type pg from 'pg';
import { type LeadEvent, leadStreamId } from '#src/modules/leads/domain/lead.events.js';
import { foldLead, type LeadState } from '#src/modules/leads/domain/lead.state.js';
import { DuplicateLeadsReader } from '#src/modules/leads/queries/duplicate-leads.reader.js';
import {
  type LeadInColumn,
  LeadsInColumnReader,
} from '#src/modules/leads/queries/leads-in-column.reader.js';
import type { InMemoryEventStore } from './in-memory-event-store.js';

/** The stand-ins replace the queries the handlers use; the real classes are built without a pool. */
const NO_POOL = null as unknown as pg.Pool;
const LEAD_STREAM_PREFIX = leadStreamId('');

/**
 * The lead list as its inline projection keeps it, read from the lead streams of an in-memory
 * event store: what the pipeline and erasure handlers ask of it. The SQL it replaces is the
 * integration tier's (`leads.int-spec.ts`).
 */
export class StreamLeadList {
  readonly inColumn: LeadsInColumnReader;
  readonly duplicates: DuplicateLeadsReader;

  constructor(private readonly store: InMemoryEventStore) {
    this.inColumn = new StreamLeadsInColumn(this);
    this.duplicates = new StreamDuplicates(this);
  }

  /** Every lead with its state and version, in the order their streams began. */
  async leads(): Promise<(LeadInColumn & { state: LeadState })[]> {
    const ids = this.store
      .streamIds()
      .filter((streamId) => streamId.startsWith(LEAD_STREAM_PREFIX))
      .map((streamId) => streamId.slice(LEAD_STREAM_PREFIX.length));
    return Promise.all(
      ids.map(async (id) => {
        const events = await this.store.readStream(leadStreamId(id), { personalData: false });
        const state = foldLead(events as unknown as LeadEvent[]);
        return { id, version: events.at(-1)?.streamVersion ?? 0, state };
      }),
    );
  }
}

/** A column's leads, trashed and merged ones included, erased ones not. */
class StreamLeadsInColumn extends LeadsInColumnReader {
  constructor(private readonly list: StreamLeadList) {
    super(NO_POOL);
  }

  override async find(columnId: string, { limit }: { limit?: number } = {}) {
    const held = (await this.list.leads())
      .filter(({ state }) => state.status === columnId && !state.erased)
      .map(({ id, version }) => ({ id, version }));
    return limit ? held.slice(0, limit) : held;
  }
}

class StreamDuplicates extends DuplicateLeadsReader {
  constructor(private readonly list: StreamLeadList) {
    super(NO_POOL);
  }

  override async mergedInto(leadId: string): Promise<string[]> {
    return (await this.list.leads())
      .filter(({ state }) => state.mergedInto === leadId && !state.erased)
      .map(({ id }) => id)
      .sort();
  }
}
