import type { LeadCustomer, LeadOrder, LeadSource } from './leads.js';
import type { EmailKind, ReplySource } from './mail.js';

/** One changed field of a lead; contact fields read as null once the lead was erased. */
export type HistoryFieldChange = {
  [F in keyof LeadCustomer | keyof LeadOrder]: {
    field: F;
    from: (LeadCustomer & LeadOrder)[F] | null;
    to: (LeadCustomer & LeadOrder)[F] | null;
  };
}[keyof LeadCustomer | keyof LeadOrder];

/**
 * The facts each kind of history entry carries, by event type. `redacted` says the lead's
 * personal data was erased, so the personal part of the entry is gone.
 */
export interface HistoryDetailsByType {
  LeadCreated: { source: LeadSource; status: string; patternId?: string; redacted: boolean };
  LeadDetailsChanged: { changes: HistoryFieldChange[]; redacted: boolean };
  LeadStatusChanged: { from: string; to: string; reason?: 'column_removed' };
  LeadNotesChanged: { redacted: false; from: string; to: string } | { redacted: true };
  LeadTrashed: Record<string, never>;
  LeadRestored: Record<string, never>;
  LeadErased: Record<string, never>;
  /** The new owner and the one before, as member ids and their names now (null: nobody). */
  LeadAssigned: {
    memberId: string | null;
    memberName: string | null;
    previousMemberId: string | null;
    previousMemberName: string | null;
  };
  FollowUpScheduled:
    { dueOn: string; redacted: false; note: string } | { dueOn: string; redacted: true };
  FollowUpDone: { dueOn: string };
  /** Another lead with the same e-mail or phone when this one came in. */
  LeadLinkedAsDuplicate: { otherLeadId: string };
  /** This lead was merged into `into`. */
  LeadMerged: { into: string };
  /** `from` was merged into this lead: its events follow in this history. */
  LeadAbsorbed: { from: string };
  /** A pattern the lead's visitor tried in the visualizer before asking. */
  VisualizationGenerated: { patternId: string };
  /** The lead's e-mail: facts and the subject, never a body; subjects read as null once erased. */
  EmailQueued: { kind: EmailKind; subject: string | null; redacted: boolean };
  EmailDelivered: { messageId: string; attempts: number };
  /** The mail server's answer; null once the lead was erased. */
  EmailDeliveryFailed: { messageId: string; reason: string | null; attempts: number };
  EmailReceived: { source: ReplySource; subject: string | null; redacted: boolean };
  EmailConversationRead: { messagesRead: number };
}

export type HistoryEntryType = keyof HistoryDetailsByType;

/** One entry of a lead's timeline; `type` tells the shape of `details`. */
export type HistoryEntryOf<T extends HistoryEntryType> = {
  [K in T]: {
    id: string;
    type: K;
    occurredAt: string;
    actorName: string;
    actorRole: string;
    details: HistoryDetailsByType[K];
  };
}[T];

export type HistoryEntry = HistoryEntryOf<HistoryEntryType>;
