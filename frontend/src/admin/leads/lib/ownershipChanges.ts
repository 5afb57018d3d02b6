import type { LeadView, UpdateLeadRequest } from '#src/contract/leads';

/** Owner and follow-up as the details dialog edits them; '' is "nobody" and "no date". */
export interface OwnershipValues {
  ownerId: string;
  followUpOn: string;
  followUpNote: string;
  followUpDone: boolean;
}

export const ownershipOf = (lead: LeadView): OwnershipValues => ({
  ownerId: lead.ownerId ?? '',
  followUpOn: lead.followUpOn ?? '',
  followUpNote: lead.followUpNote,
  followUpDone: false,
});

/**
 * Only what changed: a new owner, the open follow-up done, a new date or note. Done together with
 * a new date closes the open follow-up and sets the next one.
 */
export function ownershipChanges(lead: LeadView, values: OwnershipValues): UpdateLeadRequest {
  const before = ownershipOf(lead);
  const changes: UpdateLeadRequest = {};
  if (values.ownerId !== before.ownerId) changes.ownerId = values.ownerId || null;
  if (values.followUpDone && lead.followUpOn) changes.followUpDone = true;
  const dateChanged = values.followUpOn !== before.followUpOn || values.followUpDone;
  const noteChanged = values.followUpNote.trim() !== before.followUpNote || values.followUpDone;
  if (values.followUpOn && (dateChanged || noteChanged)) {
    changes.followUpOn = values.followUpOn;
    changes.followUpNote = values.followUpNote.trim();
  }
  return changes;
}
