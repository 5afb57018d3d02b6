import { Injectable } from '@nestjs/common';
import type pg from 'pg';
import type { Queryable } from '#src/platform/database/queryable.js';
import { ConcurrencyError } from '#src/platform/event-store/event-store.errors.js';
import { EventStore } from '#src/platform/event-store/event-store.js';
import {
  handleCommand,
  LATEST_STATE_ATTEMPTS,
  loadStream,
} from '#src/platform/event-store/command-path.js';
import type {
  AppendOptions,
  NewEvent,
  StreamRequirement,
} from '#src/platform/event-store/event-store.types.js';
import { decideAll, type LeadCommand } from '#src/modules/leads/domain/lead.decide.js';
import { LeadCommandRefused } from '#src/modules/leads/domain/lead.errors.js';
import {
  LEAD_STREAM_TYPE,
  type LeadEvent,
  leadStreamId,
  leadSubjectId,
} from '#src/modules/leads/domain/lead.events.js';
import {
  evolve,
  INITIAL_LEAD_STATE,
  type LeadState,
} from '#src/modules/leads/domain/lead.state.js';

export interface LeadChangeResult {
  leadId: string;
  /** The lead's version after the change (unchanged when nothing needed to happen). */
  version: number;
  events: LeadEvent[];
  /** The lead as it was decided on, before these events. */
  before: LeadState;
}

export interface LeadChangeOptions {
  /** The version the user saw; a newer lead is a ConcurrencyError (HTTP 409). */
  expectedVersion?: number;
  transaction?: pg.PoolClient;
  occurredAt?: Date;
  /** Another stream the decision rested on (the pipeline columns): it must not have moved. */
  requires?: StreamRequirement;
  /**
   * Whether deciding needs the lead's contact details and notes (default true). Status moves,
   * trash and restore do not: their lead is loaded without decrypting anything.
   */
  personalData?: boolean;
}

/** A lead's stream folds with the lead's own `evolve`. */
const LEAD_FOLD = { evolve, initialState: INITIAL_LEAD_STATE };

/** A lead's stream on the one command path: its stream ids, its fold, its decisions. */
@Injectable()
export class LeadRepository {
  constructor(private readonly eventStore: EventStore) {}

  async load(
    leadId: string,
    { personalData = true, transaction }: { personalData?: boolean; transaction?: Queryable } = {},
  ): Promise<{ state: LeadState; version: number; lastChangedBy: string | null }> {
    const { state, version, events } = await loadStream<LeadEvent, LeadState>(
      this.eventStore,
      leadStreamId(leadId),
      LEAD_FOLD,
      { personalData, db: transaction },
    );
    return { state, version, lastChangedBy: events.at(-1)?.metadata.actorName ?? null };
  }

  /**
   * Without an expected version the change applies to the lead as it is now: a write that slips
   * in between loading and appending makes it decide again on the newer lead, not fail (outside
   * a caller's transaction, which a failed append has already spoilt).
   */
  async change(
    leadId: string,
    commands: (state: LeadState) => LeadCommand[],
    options: LeadChangeOptions = {},
  ): Promise<LeadChangeResult> {
    const { expectedVersion } = options;
    const result = await handleCommand<LeadEvent, LeadState>(
      this.eventStore,
      leadStreamId(leadId),
      LEAD_FOLD,
      (state, { version, events }) => {
        if (!state.exists) throw new LeadCommandRefused('not_found', 'Lead not found');
        const decided = decideAll(commands(state), state);
        // Nothing to change, but a stale view must still learn that the lead moved on.
        if (decided.length === 0 && expectedVersion !== undefined && expectedVersion !== version) {
          const lastChangedBy = events.at(-1)?.metadata.actorName ?? null;
          throw new ConcurrencyError(leadStreamId(leadId), expectedVersion, version, lastChangedBy);
        }
        return decided;
      },
      {
        expectedVersion,
        attempts: options.transaction ? 1 : LATEST_STATE_ATTEMPTS,
        personalData: options.personalData,
        transaction: options.transaction,
        append: leadAppendOptions(leadId, options.requires),
        toNewEvent: (event, i) => toNewEvent(event as LeadEvent, i, options),
      },
    );
    return { leadId, version: result.nextVersion, events: result.decided, before: result.state };
  }

  async append(
    leadId: string,
    expectedVersion: number | 'no_stream',
    events: LeadEvent[],
    options: Pick<LeadChangeOptions, 'transaction' | 'occurredAt' | 'requires'> & {
      eventIds?: string[];
    } = {},
  ): Promise<number> {
    const result = await this.eventStore.append(
      leadStreamId(leadId),
      expectedVersion,
      events.map((event, i) => toNewEvent(event, i, options)),
      leadAppendOptions(leadId, options.requires),
      options.transaction,
    );
    return result.nextVersion;
  }

  /**
   * Appends to several leads in one transaction and one statement, each at its expected
   * version: all are written or none (a stale one is a ConcurrencyError). The new versions, in
   * order.
   */
  async appendBoth(
    appends: { leadId: string; expectedVersion: number; events: LeadEvent[] }[],
  ): Promise<number[]> {
    const results = await this.eventStore.inTransaction((transaction) =>
      this.eventStore.appendAll(
        appends.map(({ leadId, expectedVersion, events }) => ({
          streamId: leadStreamId(leadId),
          expectedVersion,
          events: events.map((event, i) => toNewEvent(event, i, {})),
          options: leadAppendOptions(leadId),
        })),
        transaction,
      ),
    );
    return results.map((result) => result.nextVersion);
  }
}

function leadAppendOptions(leadId: string, requires?: StreamRequirement): AppendOptions {
  return { streamType: LEAD_STREAM_TYPE, subjectId: leadSubjectId(leadId), requires };
}

function toNewEvent(
  event: LeadEvent,
  i: number,
  options: { occurredAt?: Date; eventIds?: string[] },
): NewEvent {
  return {
    type: event.type,
    data: event.data as NewEvent['data'],
    ...('personalData' in event && event.personalData
      ? { personalData: event.personalData as unknown as NewEvent['personalData'] }
      : {}),
    ...(options.eventIds?.[i] ? { eventId: options.eventIds[i] } : {}),
    ...(options.occurredAt ? { occurredAt: options.occurredAt } : {}),
  };
}
