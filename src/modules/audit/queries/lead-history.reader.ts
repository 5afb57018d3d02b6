import { Injectable, NotFoundException } from '@nestjs/common';
import { EventStore } from '#src/platform/event-store/event-store.js';
import type { RecordedEvent } from '#src/platform/event-store/event-store.types.js';
import type { HistoryEntry, HistoryFieldChange } from '#src/contract/lead-history.js';
import {
  type FieldChange,
  type LeadCreated,
  type LeadEvent,
  leadStreamId,
  visitorIdOf,
} from '#src/modules/leads/index.js';
import { visitorStreamId, VISUALIZATION_GENERATED } from '#src/modules/visualizer/index.js';
import {
  MAIL_EVENT_TYPES,
  type MailEvent,
  mailStreamId,
  mailHistoryPart,
} from '#src/modules/mail/index.js';

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

/** The events a lead's timeline shows: its own, and the patterns its visitor tried. */
type HistoryEvent =
  LeadEvent | { type: typeof VISUALIZATION_GENERATED; data: { patternId: string } };

function toEntry(recorded: RecordedEvent): HistoryEntry {
  const entry = {
    id: recorded.eventId,
    occurredAt: recorded.occurredAt.toISOString(),
    actorName: recorded.metadata.actorName,
    actorRole: recorded.metadata.actorRole,
  };
  // The log stores plain JSON; these streams hold only the event types above.
  const event = recorded as unknown as HistoryEvent;
  if (MAIL_TYPES.has(event.type))
    return { ...entry, ...mailHistoryPart(recorded as unknown as MailEvent) };
  switch (event.type) {
    case 'LeadCreated':
      return {
        ...entry,
        type: event.type,
        details: {
          source: event.data.source,
          status: event.data.status,
          ...(event.data.patternId ? { patternId: event.data.patternId } : {}),
          redacted: event.personalData === null,
        },
      };
    case 'LeadDetailsChanged':
      return {
        ...entry,
        type: event.type,
        details: {
          changes: [
            ...changesOf(event.personalData?.changes ?? {}),
            ...changesOf(event.data.changes),
          ],
          redacted: event.personalData === null,
        },
      };
    case 'LeadStatusChanged': {
      const { from, to, reason } = event.data;
      return { ...entry, type: event.type, details: { from, to, ...(reason ? { reason } : {}) } };
    }
    case 'LeadNotesChanged':
      return {
        ...entry,
        type: event.type,
        details: event.personalData
          ? { redacted: false, from: event.personalData.from, to: event.personalData.to }
          : { redacted: true },
      };
    case 'LeadTrashed':
    case 'LeadRestored':
    case 'LeadErased':
      return { ...entry, type: event.type, details: {} };
    case VISUALIZATION_GENERATED:
      return { ...entry, type: event.type, details: { patternId: event.data.patternId } };
  }
}

/** Field changes in the order the event lists them; personal values come first. */
function changesOf(changes: Partial<Record<string, FieldChange<unknown>>>): HistoryFieldChange[] {
  return Object.entries(changes).map(
    ([field, change]) => ({ field, from: change?.from, to: change?.to }) as HistoryFieldChange,
  );
}
