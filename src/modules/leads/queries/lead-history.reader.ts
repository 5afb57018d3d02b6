import { Injectable, NotFoundException } from '@nestjs/common';
import { EventStore } from '#src/platform/event-store/event-store.js';
import type { RecordedEvent } from '#src/platform/event-store/event-store.types.js';
import {
  type LeadCreated,
  leadStreamId,
  visitorIdOf,
} from '#src/modules/leads/domain/lead.events.js';
import {
  visitorStreamId,
  VISUALIZATION_GENERATED,
} from '#src/modules/visualizer/visualizer.module.js';
import {
  MAIL_EVENT_TYPES,
  type MailEvent,
  mailStreamId,
} from '#src/modules/mail/domain/mail.events.js';
import { mailHistoryDetails } from '#src/modules/mail/domain/mail-history.js';
import type { HistoryEntry } from './lead.views.js';

const MAIL_TYPES = new Set<string>(MAIL_EVENT_TYPES);

/** The lead's whole timeline, newest first, read straight from its stream. */
@Injectable()
export class LeadHistoryReader {
  constructor(private readonly eventStore: EventStore) {}

  async history(leadId: string): Promise<HistoryEntry[]> {
    const [events, mail] = await Promise.all([
      this.eventStore.readStream(leadStreamId(leadId)),
      this.eventStore.readStream(mailStreamId(leadId)),
    ]);
    if (events.length === 0) throw new NotFoundException('Lead not found');
    // Once the lead is erased its personal data, and with it the visitor id, reads as null.
    const visitorId = visitorIdOf(events[0] as unknown as LeadCreated);
    const tried =
      visitorId !== null
        ? (await this.eventStore.readStream(visitorStreamId(visitorId))).filter(
            (e) => e.type === VISUALIZATION_GENERATED,
          )
        : [];
    return [...events, ...mail, ...tried]
      .sort(
        (a, b) =>
          b.occurredAt.getTime() - a.occurredAt.getTime() ||
          (a.streamId === b.streamId
            ? b.streamVersion - a.streamVersion
            : b.globalPosition - a.globalPosition),
      )
      .map(toEntry);
  }
}

function toEntry(event: RecordedEvent): HistoryEntry {
  return {
    id: event.eventId,
    type: event.type,
    occurredAt: event.occurredAt.toISOString(),
    actorName: event.metadata.actorName,
    actorRole: event.metadata.actorRole,
    details: detailsOf(event),
  };
}

/** Plain facts per event; personal values read as null once the lead was erased. */
function detailsOf(event: RecordedEvent): Record<string, unknown> {
  if (MAIL_TYPES.has(event.type)) return mailHistoryDetails(event as unknown as MailEvent);
  const data = event.data as Record<string, unknown>;
  const personal = event.personalData as Record<string, unknown> | null | undefined;
  const erased = personal === null;
  switch (event.type) {
    case 'LeadCreated':
      return {
        source: data.source,
        status: data.status,
        ...(data.patternId ? { patternId: data.patternId } : {}),
        redacted: erased,
      };
    case 'LeadDetailsChanged': {
      const order = Object.entries(
        (data.changes ?? {}) as Record<string, { from: unknown; to: unknown }>,
      );
      const contact = personal
        ? Object.entries((personal.changes ?? {}) as Record<string, { from: unknown; to: unknown }>)
        : [];
      return {
        changes: [
          ...contact.map(([field, c]) => ({ field, from: c.from, to: c.to })),
          ...order.map(([field, c]) => ({ field, from: c.from, to: c.to })),
        ],
        redacted: erased,
      };
    }
    case 'LeadStatusChanged':
      return { from: data.from, to: data.to, ...(data.reason ? { reason: data.reason } : {}) };
    case 'LeadNotesChanged':
      return personal ? { from: personal.from, to: personal.to } : { redacted: true };
    case VISUALIZATION_GENERATED:
      return { patternId: data.patternId };
    default:
      return {};
  }
}
