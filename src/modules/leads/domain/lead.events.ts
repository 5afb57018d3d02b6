import { LEAD_CUSTOMER_FIELDS, type LeadOrder } from '#src/contract/leads.js';
import type {
  LeadCustomer,
  LeadSource,
  PriceLineItem,
} from '#src/modules/leads/domain/lead.types.js';

export type { LeadOrder } from '#src/contract/leads.js';

export const LEAD_STREAM_TYPE = 'lead';
export const leadStreamId = (leadId: string) => `lead-${leadId}`;
export const leadSubjectId = (leadId: string) => `lead:${leadId}`;
/** The lead a data subject id names, or null when it names something else. */
export const leadIdOfSubject = (subjectId: string) =>
  subjectId.startsWith('lead:') ? subjectId.slice('lead:'.length) : null;
export const leadIdFromStream = (streamId: string) => streamId.slice('lead-'.length);

/** Contact details of the customer; stored only inside the encrypted personal-data envelope. */
export type LeadContact = LeadCustomer;

export const CONTACT_FIELDS = LEAD_CUSTOMER_FIELDS;
export const ORDER_FIELDS = [
  'doorStyle',
  'doors',
  'drawers',
  'metres',
  'totalPrice',
] as const satisfies readonly (keyof LeadOrder)[];

export type FieldChange<T> = { from: T; to: T };
export type ContactChanges = Partial<{ [K in keyof LeadContact]: FieldChange<LeadContact[K]> }>;
export type OrderChanges = Partial<{ [K in keyof LeadOrder]: FieldChange<LeadOrder[K]> }>;

export interface LeadCreated {
  type: 'LeadCreated';
  data: LeadOrder & {
    leadId: string;
    source: LeadSource;
    status: string;
    priceListVersion?: string;
    lineItems?: PriceLineItem[];
    patternId?: string;
    /** Only in leads created before the visitor id moved into the personal data. */
    visitorId?: string;
  };
  /** null once the lead was erased. */
  personalData: (LeadContact & { message?: string; notes?: string; visitorId?: string }) | null;
}

/**
 * The visualizer visitor a lead came from, while the lead is not erased. The id is sealed with
 * the contact details, so erasure cuts the link to the visitor's history and photos too.
 */
export function visitorIdOf(event: LeadCreated): string | null {
  if (!event.personalData) return null;
  return event.personalData.visitorId ?? event.data.visitorId ?? null;
}

export interface LeadDetailsChanged {
  type: 'LeadDetailsChanged';
  data: { changes: OrderChanges };
  personalData: { changes: ContactChanges } | null;
}

export interface LeadStatusChanged {
  type: 'LeadStatusChanged';
  data: { from: string; to: string; reason?: 'column_removed' };
}

export interface LeadNotesChanged {
  type: 'LeadNotesChanged';
  data: Record<string, never>;
  personalData: FieldChange<string> | null;
}

export interface LeadTrashed {
  type: 'LeadTrashed';
  data: Record<string, never>;
}

export interface LeadRestored {
  type: 'LeadRestored';
  data: Record<string, never>;
}

/**
 * Why a lead was erased when not by an admin from the Recycle Bin: the data-protection job's
 * retention period ran out, a restore repeated an erasure made after its backup, or the lead it
 * was merged into was erased (docs/decisions/0127-duplicate-leads.md).
 */
export type LeadErasureReason = 'retention' | 'restored_erasure' | 'survivor_erased';

export interface LeadErased {
  type: 'LeadErased';
  data: { reason?: LeadErasureReason };
}

/** The member who owns the lead now; null when nobody does. */
export interface LeadAssigned {
  type: 'LeadAssigned';
  data: { memberId: string | null; previousMemberId: string | null };
}

/**
 * A call-back date (a calendar day in Finland, `YYYY-MM-DD`) with a note. The note is free text,
 * so it is sealed with the lead's other personal data and gone on erasure.
 */
export interface FollowUpScheduled {
  type: 'FollowUpScheduled';
  data: { dueOn: string };
  personalData: { note: string } | null;
}

export interface FollowUpDone {
  type: 'FollowUpDone';
  data: { dueOn: string };
}

/**
 * A lead that came in with the e-mail or phone of another active lead (docs/product.md#duplicates):
 * decided once, when the lead was created, and naming only the other lead's id.
 */
export interface LeadLinkedAsDuplicate {
  type: 'LeadLinkedAsDuplicate';
  data: { otherLeadId: string };
}

/** This lead was merged into another: it leaves the board and the Recycle Bin for good. */
export interface LeadMerged {
  type: 'LeadMerged';
  data: { into: string };
}

/** Another lead was merged into this one: this lead's history now holds the other's too. */
export interface LeadAbsorbed {
  type: 'LeadAbsorbed';
  data: { from: string };
}

export type LeadEvent =
  | LeadCreated
  | LeadDetailsChanged
  | LeadStatusChanged
  | LeadNotesChanged
  | LeadTrashed
  | LeadRestored
  | LeadErased
  | LeadAssigned
  | FollowUpScheduled
  | FollowUpDone
  | LeadLinkedAsDuplicate
  | LeadMerged
  | LeadAbsorbed;

export type LeadEventType = LeadEvent['type'];

export const LEAD_EVENT_TYPES: readonly LeadEventType[] = [
  'LeadCreated',
  'LeadDetailsChanged',
  'LeadStatusChanged',
  'LeadNotesChanged',
  'LeadTrashed',
  'LeadRestored',
  'LeadErased',
  'LeadAssigned',
  'FollowUpScheduled',
  'FollowUpDone',
  'LeadLinkedAsDuplicate',
  'LeadMerged',
  'LeadAbsorbed',
];

/** Who works a lead and when to call back: no change to the board's columns and totals. */
const OWNERSHIP_EVENT_TYPES: readonly LeadEventType[] = [
  'LeadAssigned',
  'FollowUpScheduled',
  'FollowUpDone',
  'LeadLinkedAsDuplicate',
  'LeadAbsorbed',
];

/**
 * The lead events that change what a lead counts for on the board and in totals: all but notes,
 * owners, follow-ups, duplicate links and absorbing another lead (a merged lead leaves the board).
 */
export const LEAD_BOARD_EVENT_TYPES: readonly LeadEventType[] = LEAD_EVENT_TYPES.filter(
  (type) => type !== 'LeadNotesChanged' && !OWNERSHIP_EVENT_TYPES.includes(type),
);
