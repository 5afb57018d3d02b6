/** What a target of an audited action is: the audit log links each to its own page. */
export type AuditTargetKind = 'lead' | 'member' | 'column';

export interface AuditTarget {
  kind: AuditTargetKind;
  id: string;
}

/** One event as the audit log tells it; the actor comes from the event's metadata. */
export interface PresentedEvent {
  /** A short label of what happened, e.g. "Moved lead". */
  action: string;
  target: AuditTarget | null;
  /** A readable English sentence that starts with the actor's name. */
  sentence: string;
}

/** Label of a lead whose personal data is gone; never a name. */
export const ERASED_LEAD = 'erased lead';
