import type { RecordedEvent } from '#src/platform/event-store/event-store.types.js';
import type { PresentedEvent } from '#src/modules/audit/domain/audit-entry.js';

/** Names as they were when an event happened, kept by the audit log itself. */
export interface NameBook {
  /** The lead's customer name, or "erased lead" once its personal data is gone. */
  lead(leadId: string): string;
  member(memberId: string): string;
  column(columnId: string): string;
}

export interface PresenterInput {
  event: RecordedEvent;
  names: NameBook;
  /** Who did it, ready to start a sentence: a member's name, "A visitor" or "The system". */
  actor: string;
}

export type TargetedSentence = Omit<PresentedEvent, 'action'>;

/** Tells one event type as an audit row; personal data only from `event.personalData`. */
export type Presenter = (input: PresenterInput) => TargetedSentence;

export type PresenterTable = Record<string, Presenter>;

/** A sentence about a lead, naming it as the audit log knew it (or "erased lead"). */
export function aboutLead(
  names: NameBook,
  leadId: string,
  sentence: (lead: string) => string,
): TargetedSentence {
  return { target: { kind: 'lead', id: leadId }, sentence: sentence(names.lead(leadId)) };
}
