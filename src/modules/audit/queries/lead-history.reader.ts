import { Injectable } from '@nestjs/common';
import { Refusal } from '#src/platform/domain/refusal.js';
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
import { MembersReader } from '#src/modules/team/index.js';

const MAIL_TYPES = new Set<string>(MAIL_EVENT_TYPES);

/** The lead's whole timeline, newest first, read straight from its stream. */
@Injectable()
export class LeadHistoryReader {
  constructor(
    private readonly eventStore: EventStore,
    private readonly members: MembersReader,
  ) {}

  async history(leadId: string): Promise<HistoryEntry[]> {
    const [own, ownMail] = await Promise.all([
      this.eventStore.readStream(leadStreamId(leadId)),
      this.eventStore.readStream(mailStreamId(leadId)),
    ]);
    if (own.length === 0) throw new Refusal('not_found', 'Lead not found');
    const absorbed = await this.absorbedHistories(own);
    const events = [...own, ...absorbed.events];
    const mail = [...ownMail, ...absorbed.mail];
    // Once the lead is erased its personal data, and with it the visitor id, reads as null.
    const visitorId = visitorIdOf(events[0] as unknown as LeadCreated);
    const tried =
      visitorId !== null
        ? (await this.eventStore.readStream(visitorStreamId(visitorId))).filter(
            (e) => e.type === VISUALIZATION_GENERATED,
          )
        : [];
    const names = await this.memberNames(events);
    return [...events, ...mail, ...tried]
      .sort(
        (a, b) =>
          b.occurredAt.getTime() - a.occurredAt.getTime() ||
          (a.streamId === b.streamId
            ? b.streamVersion - a.streamVersion
            : b.globalPosition - a.globalPosition),
      )
      .map((event) => toEntry(event, names));
  }

  /**
   * The events and mail of the leads merged into this one (docs/decisions/0127-duplicate-leads.md),
   * and of those merged into them in turn: the survivor keeps both histories.
   */
  private async absorbedHistories(
    own: RecordedEvent[],
  ): Promise<{ events: RecordedEvent[]; mail: RecordedEvent[] }> {
    const events: RecordedEvent[] = [];
    const mail: RecordedEvent[] = [];
    const seen = new Set<string>();
    let next = own;
    while (next.length > 0) {
      const from = next
        .filter((e) => e.type === 'LeadAbsorbed')
        .map((e) => e.data.from as string)
        .filter((id) => !seen.has(id));
      if (from.length === 0) break;
      for (const id of from) seen.add(id);
      const read = await Promise.all(
        from.flatMap((id) => [
          this.eventStore.readStream(leadStreamId(id)),
          this.eventStore.readStream(mailStreamId(id)),
        ]),
      );
      next = read.filter((_, i) => i % 2 === 0).flat();
      events.push(...next);
      mail.push(...read.filter((_, i) => i % 2 === 1).flat());
    }
    return { events, mail };
  }

  /** The names of the members the lead was ever given to, as the team list has them now. */
  private async memberNames(events: RecordedEvent[]): Promise<Map<string, string>> {
    const ids = new Set(
      events
        .filter((e) => e.type === 'LeadAssigned')
        .flatMap((e) => [e.data.memberId, e.data.previousMemberId])
        .filter((id): id is string => typeof id === 'string'),
    );
    if (ids.size === 0) return new Map();
    const team = await this.members.list();
    return new Map(
      team
        .filter((m) => ids.has(m.id))
        .map((m) => [m.id, `${m.firstName} ${m.lastName}`.trim() || m.email]),
    );
  }
}

/** The events a lead's timeline shows: its own, and the patterns its visitor tried. */
type HistoryEvent =
  LeadEvent | { type: typeof VISUALIZATION_GENERATED; data: { patternId: string } };

function toEntry(recorded: RecordedEvent, names: Map<string, string>): HistoryEntry {
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
    case 'LeadAssigned': {
      const { memberId, previousMemberId } = event.data;
      const nameOf = (id: string | null) => (id === null ? null : (names.get(id) ?? null));
      return {
        ...entry,
        type: event.type,
        details: {
          memberId,
          memberName: nameOf(memberId),
          previousMemberId,
          previousMemberName: nameOf(previousMemberId),
        },
      };
    }
    case 'FollowUpScheduled':
      return {
        ...entry,
        type: event.type,
        details: event.personalData
          ? { dueOn: event.data.dueOn, redacted: false, note: event.personalData.note }
          : { dueOn: event.data.dueOn, redacted: true },
      };
    case 'FollowUpDone':
      return { ...entry, type: event.type, details: { dueOn: event.data.dueOn } };
    case 'LeadLinkedAsDuplicate':
      return { ...entry, type: event.type, details: { otherLeadId: event.data.otherLeadId } };
    case 'LeadMerged':
      return { ...entry, type: event.type, details: { into: event.data.into } };
    case 'LeadAbsorbed':
      return { ...entry, type: event.type, details: { from: event.data.from } };
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
