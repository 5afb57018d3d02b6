import { Injectable } from '@nestjs/common';
import type pg from 'pg';
import type { Queryable } from '#src/platform/database/queryable.js';
import { ConcurrencyError } from '#src/platform/event-store/event-store.errors.js';
import { EventStore } from '#src/platform/event-store/event-store.js';
import type { NewEvent, StreamRequirement } from '#src/platform/event-store/event-store.types.js';
import { decideAll, type LeadCommand } from '#src/modules/leads/domain/lead.decide.js';
import { LeadCommandRefused } from '#src/modules/leads/domain/lead.errors.js';
import {
  LEAD_STREAM_TYPE,
  type LeadEvent,
  leadStreamId,
  leadSubjectId,
} from '#src/modules/leads/domain/lead.events.js';
import { foldLead, type LeadState } from '#src/modules/leads/domain/lead.state.js';

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

/** How often a change without an expected version decides again after losing a race. */
const LATEST_VERSION_TRIES = 5;

/** Loads a lead from its stream, runs the pure decision, appends the result. */
@Injectable()
export class LeadRepository {
  constructor(private readonly eventStore: EventStore) {}

  async load(
    leadId: string,
    { personalData = true, transaction }: { personalData?: boolean; transaction?: Queryable } = {},
  ): Promise<{ state: LeadState; version: number; lastChangedBy: string | null }> {
    const events = await this.eventStore.readStream(leadStreamId(leadId), {
      personalData,
      db: transaction,
    });
    return {
      state: foldLead(events as unknown as LeadEvent[]),
      version: events.at(-1)?.streamVersion ?? 0,
      lastChangedBy: events.at(-1)?.metadata.actorName ?? null,
    };
  }

  /**
   * Without an expected version the change applies to the lead as it is now: a write that slips
   * in between loading and appending makes it decide again on the newer lead, not fail.
   */
  async change(
    leadId: string,
    commands: (state: LeadState) => LeadCommand[],
    options: LeadChangeOptions = {},
  ): Promise<LeadChangeResult> {
    const retries = options.expectedVersion === undefined && !options.transaction;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.changeOnce(leadId, commands, options);
      } catch (error) {
        if (!retries || !(error instanceof ConcurrencyError) || attempt >= LATEST_VERSION_TRIES) {
          throw error;
        }
      }
    }
  }

  private async changeOnce(
    leadId: string,
    commands: (state: LeadState) => LeadCommand[],
    options: LeadChangeOptions,
  ): Promise<LeadChangeResult> {
    const { state, version, lastChangedBy } = await this.load(leadId, {
      personalData: options.personalData,
      transaction: options.transaction,
    });
    if (!state.exists) throw new LeadCommandRefused('not_found', 'Lead not found');
    const events = decideAll(commands(state), state);
    const expected = options.expectedVersion ?? version;
    if (events.length === 0) {
      // Nothing to change, but a stale view must still learn that the lead moved on.
      if (expected !== version)
        throw new ConcurrencyError(leadStreamId(leadId), expected, version, lastChangedBy);
      return { leadId, version, events, before: state };
    }
    const result = await this.append(leadId, expected, events, options);
    return { leadId, version: result, events, before: state };
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
      toNewEvents(events, options),
      {
        streamType: LEAD_STREAM_TYPE,
        subjectId: leadSubjectId(leadId),
        requires: options.requires,
      },
      options.transaction,
    );
    return result.nextVersion;
  }
}

function toNewEvents(
  events: LeadEvent[],
  options: { occurredAt?: Date; eventIds?: string[] },
): NewEvent[] {
  return events.map((event, i) => ({
    type: event.type,
    data: event.data as NewEvent['data'],
    ...('personalData' in event && event.personalData
      ? { personalData: event.personalData as unknown as NewEvent['personalData'] }
      : {}),
    ...(options.eventIds?.[i] ? { eventId: options.eventIds[i] } : {}),
    ...(options.occurredAt ? { occurredAt: options.occurredAt } : {}),
  }));
}
