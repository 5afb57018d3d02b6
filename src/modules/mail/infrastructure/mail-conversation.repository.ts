import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type pg from 'pg';
import { ConcurrencyError } from '#src/platform/event-store/event-store.errors.js';
import { EventStore } from '#src/platform/event-store/event-store.js';
import type { Queryable } from '#src/platform/database/queryable.js';
import type {
  AppendRequest,
  EventMetadata,
  ExpectedVersion,
  NewEvent,
  RecordedEvent,
} from '#src/platform/event-store/event-store.types.js';
import {
  type LeadEvent,
  leadStreamId,
  foldLead,
  type LeadState,
} from '#src/modules/leads/index.js';
import {
  decide,
  type DeliveryOutcome,
  type LeadFacts,
  type MailCommand,
} from '#src/modules/mail/domain/mail.decide.js';
import {
  MAIL_STREAM_TYPE,
  type MailEvent,
  mailStreamId,
  mailSubjectId,
} from '#src/modules/mail/domain/mail.events.js';
import {
  conversationAwaiting,
  type ConversationState,
  foldConversation,
} from '#src/modules/mail/domain/mail.state.js';

export interface MailChangeOptions {
  transaction?: pg.PoolClient;
  /** Derives event ids from this key, so a repeated change is stored once. */
  idempotencyKey?: string;
  metadata?: Partial<EventMetadata>;
}

const TRIES = 5;

/** Loads a conversation (and the facts of its lead), decides, appends. */
@Injectable()
export class MailConversationRepository {
  constructor(private readonly eventStore: EventStore) {}

  /** The lead as the mail rules see it, with its contact details when asked for. */
  async loadLead(
    leadId: string,
    {
      personalData = false,
      transaction,
    }: { personalData?: boolean; transaction?: pg.PoolClient } = {},
  ): Promise<{ facts: LeadFacts; lead: LeadState }> {
    const events = await this.eventStore.readStream(leadStreamId(leadId), {
      personalData,
      db: transaction,
    });
    const lead = foldLead(events as unknown as LeadEvent[]);
    return { facts: { exists: lead.exists, trashed: lead.trashed, erased: lead.erased }, lead };
  }

  async load(
    leadId: string,
    {
      personalData = false,
      transaction,
    }: { personalData?: boolean; transaction?: pg.PoolClient } = {},
  ): Promise<{ state: ConversationState; version: number; events: RecordedEvent[] }> {
    const events = await this.eventStore.readStream(mailStreamId(leadId), {
      personalData,
      db: transaction,
    });
    return {
      state: foldConversation(events as unknown as MailEvent[]),
      version: events.at(-1)?.streamVersion ?? 0,
      events,
    };
  }

  /** Decides on the conversation as it is now; a write that slipped in makes it decide again. */
  async change(
    leadId: string,
    command: (state: ConversationState) => MailCommand,
    options: MailChangeOptions = {},
  ): Promise<MailEvent[]> {
    for (let attempt = 1; ; attempt++) {
      const { state, version } = await this.load(leadId, { transaction: options.transaction });
      const events = decide(command(state), state);
      if (events.length === 0) return events;
      try {
        await this.append(leadId, version, events, options);
        return events;
      } catch (error) {
        if (!(error instanceof ConcurrencyError) || attempt >= TRIES) throw error;
      }
    }
  }

  /**
   * Records a delivery outcome for the holder of the message's outbox claim, without reading the
   * conversation: the claim shows the message still waits. Appended whatever the stream's
   * version, so a concurrent staff message never has to undo it; event ids come from the
   * message id, so an outcome recorded twice (a claim taken over after its lease) is stored once.
   */
  async recordOutcome(
    leadId: string,
    outcome: DeliveryOutcome,
    metadata: Partial<EventMetadata>,
  ): Promise<void> {
    const events = decide(outcome, conversationAwaiting(outcome.messageId));
    await this.append(leadId, 'any', events, {
      idempotencyKey: `mail-outcome:${outcome.messageId}`,
      metadata,
    });
  }

  async append(
    leadId: string,
    expectedVersion: ExpectedVersion,
    events: MailEvent[],
    options: MailChangeOptions = {},
  ): Promise<void> {
    const {
      streamId,
      events: toAppend,
      options: appendOptions,
    } = appendRequest(leadId, expectedVersion, events, options);
    await this.eventStore.append(
      streamId,
      expectedVersion,
      toAppend,
      appendOptions,
      options.transaction,
    );
  }

  /** Appends to several conversations in one statement of the caller's transaction. */
  async appendMany(
    changes: { leadId: string; events: MailEvent[]; options: MailChangeOptions }[],
    transaction: Queryable,
  ): Promise<void> {
    await this.eventStore.appendAll(
      changes.map(({ leadId, events, options }) => appendRequest(leadId, 'any', events, options)),
      transaction,
    );
  }
}

function appendRequest(
  leadId: string,
  expectedVersion: ExpectedVersion,
  events: MailEvent[],
  options: MailChangeOptions,
): AppendRequest {
  return {
    streamId: mailStreamId(leadId),
    expectedVersion,
    events: events.map((event, i) => toNewEvent(event, options.idempotencyKey, i)),
    options: {
      streamType: MAIL_STREAM_TYPE,
      subjectId: mailSubjectId(leadId),
      metadata: options.metadata,
    },
  };
}

function toNewEvent(event: MailEvent, idempotencyKey: string | undefined, index: number): NewEvent {
  return {
    type: event.type,
    data: event.data as unknown as NewEvent['data'],
    ...('personalData' in event && event.personalData
      ? { personalData: event.personalData as unknown as NewEvent['personalData'] }
      : {}),
    ...(idempotencyKey ? { eventId: uuidFrom(`${idempotencyKey}:${index}:${event.type}`) } : {}),
  };
}

/** A stable uuid-shaped id for a key: the same key always names the same event. */
export function uuidFrom(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
