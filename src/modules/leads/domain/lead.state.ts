import { type LeadContact, type LeadEvent, type LeadOrder, visitorIdOf } from './lead.events.js';
import type { LeadSource } from './lead.types.js';

export interface LeadState {
  exists: boolean;
  status: string;
  trashed: boolean;
  erased: boolean;
  /** null when never known or erased (personal data unreadable). */
  contact: LeadContact | null;
  order: LeadOrder;
  notes: string;
  /** The customer's own message from the quote or contact form; personal, gone on erasure. */
  message: string | null;
  visitorId: string | null;
  source: LeadSource | null;
  patternId: string | null;
  /** The member who owns the lead. */
  ownerId: string | null;
  /** The open follow-up; its note reads '' when it could not be decrypted. */
  followUp: { dueOn: string; note: string } | null;
  /** The lead this one was merged into: it is off the board for good. */
  mergedInto: string | null;
}

export const INITIAL_LEAD_STATE: LeadState = {
  exists: false,
  status: '',
  trashed: false,
  erased: false,
  contact: null,
  order: { doorStyle: null, doors: 0, drawers: 0, metres: 0, totalPrice: 0 },
  notes: '',
  message: null,
  visitorId: null,
  source: null,
  patternId: null,
  ownerId: null,
  followUp: null,
  mergedInto: null,
};

export function evolve(state: LeadState, event: LeadEvent): LeadState {
  switch (event.type) {
    case 'LeadCreated': {
      const { doorStyle, doors, drawers, metres, totalPrice, status } = event.data;
      const personal = event.personalData;
      return {
        ...state,
        exists: true,
        status,
        contact: personal
          ? {
              firstName: personal.firstName,
              lastName: personal.lastName,
              email: personal.email,
              phone: personal.phone,
              address: personal.address,
              city: personal.city,
              country: personal.country,
            }
          : null,
        order: { doorStyle, doors, drawers, metres, totalPrice },
        notes: personal?.notes ?? '',
        message: personal?.message ?? null,
        visitorId: visitorIdOf(event),
        source: event.data.source,
        patternId: event.data.patternId ?? null,
      };
    }
    case 'LeadDetailsChanged': {
      const order = { ...state.order };
      for (const [field, change] of Object.entries(event.data.changes)) {
        (order as unknown as Record<string, unknown>)[field] = change.to;
      }
      let contact = state.contact;
      if (contact && event.personalData) {
        contact = { ...contact };
        for (const [field, change] of Object.entries(event.personalData.changes)) {
          (contact as unknown as Record<string, unknown>)[field] = change.to;
        }
      }
      return { ...state, order, contact };
    }
    case 'LeadStatusChanged':
      return { ...state, status: event.data.to };
    case 'LeadNotesChanged':
      return { ...state, notes: event.personalData?.to ?? state.notes };
    case 'LeadTrashed':
      return { ...state, trashed: true };
    case 'LeadRestored':
      return { ...state, trashed: false };
    case 'LeadErased':
      return {
        ...state,
        erased: true,
        contact: null,
        notes: '',
        message: null,
        visitorId: null,
        followUp: null,
      };
    case 'LeadAssigned':
      return { ...state, ownerId: event.data.memberId };
    case 'FollowUpScheduled':
      return {
        ...state,
        followUp: { dueOn: event.data.dueOn, note: event.personalData?.note ?? '' },
      };
    case 'FollowUpDone':
      return { ...state, followUp: null };
    case 'LeadMerged':
      return { ...state, mergedInto: event.data.into };
    // A link and an absorbed lead change nothing the lead's decisions rest on.
    case 'LeadLinkedAsDuplicate':
    case 'LeadAbsorbed':
      return state;
  }
}

export const foldLead = (events: readonly LeadEvent[]): LeadState =>
  events.reduce(evolve, INITIAL_LEAD_STATE);

/**
 * The lead after `event`, from what a read model kept of it (nothing before its creation); none
 * for an event of a lead whose creation the read model has not seen, which it skips.
 */
export function evolveKept(kept: LeadState | undefined, event: LeadEvent): LeadState | undefined {
  if (!kept && event.type !== 'LeadCreated') return undefined;
  return evolve(kept ?? INITIAL_LEAD_STATE, event);
}
