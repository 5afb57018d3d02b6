import type { CreateLeadInput } from '#src/modules/leads/domain/lead.types.js';
import {
  CONTACT_FIELDS,
  type ContactChanges,
  type LeadContact,
  type LeadErasureReason,
  type LeadEvent,
  type LeadOrder,
  ORDER_FIELDS,
  type OrderChanges,
} from './lead.events.js';
import { LeadCommandRefused } from './lead.errors.js';
import { evolve, type LeadState } from './lead.state.js';

export type LeadCommand =
  | {
      type: 'CreateLead';
      leadId: string;
      input: CreateLeadInput;
      /** Statuses that exist as pipeline columns now; the first is the default. */
      statuses: readonly string[];
      /** Active leads with the customer's e-mail or phone now: the new lead is linked to each. */
      duplicateOf?: readonly string[];
    }
  | { type: 'ChangeLeadDetails'; contact?: Partial<LeadContact>; order?: Partial<LeadOrder> }
  | {
      type: 'ChangeLeadStatus';
      to: string;
      statuses: readonly string[];
      reason?: 'column_removed';
    }
  | { type: 'ChangeLeadNotes'; notes: string }
  | { type: 'TrashLead' }
  | { type: 'RestoreLead' }
  | { type: 'EraseLead'; reason?: LeadErasureReason }
  | {
      type: 'AssignLead';
      /** null takes the lead away from its owner. */
      memberId: string | null;
      /** The active members now: only they can own a lead. */
      members: readonly string[];
    }
  | {
      type: 'ScheduleFollowUp';
      /** `YYYY-MM-DD`; when omitted the open follow-up's date stays. */
      dueOn?: string;
      /** When omitted the open follow-up's note stays. */
      note?: string;
      /** Today in Finland, `YYYY-MM-DD`: a follow-up cannot be due before it. */
      today: string;
    }
  | { type: 'CompleteFollowUp' }
  | {
      /** Merges this lead into `into`, whose state the handler read: this lead leaves the board. */
      type: 'MergeLead';
      leadId: string;
      into: string;
      survivor: LeadState;
    }
  | {
      /** The survivor's half of a merge: it takes in the history of `from`. */
      type: 'AbsorbLead';
      from: string;
    };

/** Pure business rules: which events a command causes given the lead's state, or a refusal. */
export function decide(command: LeadCommand, state: LeadState): LeadEvent[] {
  if (command.type === 'CreateLead') return decideCreate(command, state);
  if (!state.exists) throw new LeadCommandRefused('not_found', 'Lead not found');
  if (state.erased) throw new LeadCommandRefused('not_found', 'This lead was permanently deleted');
  // A merged lead is off the board for good: only a removed column still moves it (as in the
  // bin), and the retention period or a restore's repeated erasure still erases it.
  if (state.mergedInto !== null && !touchesMerged(command))
    throw new LeadCommandRefused('conflict', 'The lead was merged into another lead');
  switch (command.type) {
    case 'ChangeLeadDetails':
      assertActive(state);
      return decideDetails(command, state);
    case 'ChangeLeadStatus':
      if (!command.statuses.includes(command.to))
        throw new LeadCommandRefused(
          'invalid',
          `status must be one of: ${command.statuses.join(', ')}`,
        );
      if (command.to === state.status) return [];
      if (command.reason !== 'column_removed') assertActive(state);
      return [
        {
          type: 'LeadStatusChanged',
          data: {
            from: state.status,
            to: command.to,
            ...(command.reason ? { reason: command.reason } : {}),
          },
        },
      ];
    case 'ChangeLeadNotes':
      assertActive(state);
      if (command.notes === state.notes) return [];
      return [
        {
          type: 'LeadNotesChanged',
          data: {},
          personalData: { from: state.notes, to: command.notes },
        },
      ];
    case 'TrashLead':
      if (state.trashed) throw new LeadCommandRefused('conflict', 'The lead is already in the bin');
      return [{ type: 'LeadTrashed', data: {} }];
    case 'RestoreLead':
      if (!state.trashed) throw new LeadCommandRefused('conflict', 'The lead is not in the bin');
      return [{ type: 'LeadRestored', data: {} }];
    case 'EraseLead':
      if (command.reason) return [{ type: 'LeadErased', data: { reason: command.reason } }];
      if (!state.trashed)
        throw new LeadCommandRefused(
          'conflict',
          'Only leads in the Recycle Bin can be deleted permanently',
        );
      return [{ type: 'LeadErased', data: {} }];
    case 'AssignLead':
      assertActive(state);
      return decideAssign(command, state);
    case 'ScheduleFollowUp':
      assertActive(state);
      return decideFollowUp(command, state);
    case 'CompleteFollowUp':
      assertActive(state);
      if (!state.followUp)
        throw new LeadCommandRefused('conflict', 'The lead has no follow-up to mark done');
      return [{ type: 'FollowUpDone', data: { dueOn: state.followUp.dueOn } }];
    case 'MergeLead':
      return decideMerge(command, state);
    case 'AbsorbLead':
      assertActive(state);
      return [{ type: 'LeadAbsorbed', data: { from: command.from } }];
  }
}

const touchesMerged = (command: LeadCommand) =>
  (command.type === 'ChangeLeadStatus' && command.reason === 'column_removed') ||
  (command.type === 'EraseLead' && command.reason !== undefined);

/**
 * The merged lead's half of a merge (docs/decisions/0127-duplicate-leads.md): both leads must be
 * on the board, and the survivor another lead. The survivor's half is `AbsorbLead`.
 */
function decideMerge(
  command: Extract<LeadCommand, { type: 'MergeLead' }>,
  state: LeadState,
): LeadEvent[] {
  if (command.into === command.leadId)
    throw new LeadCommandRefused('invalid', 'into must be another lead than the one merged');
  if (state.trashed)
    throw new LeadCommandRefused('conflict', 'The lead is in the Recycle Bin; restore it first');
  const { survivor } = command;
  if (!survivor.exists)
    throw new LeadCommandRefused('not_found', 'The lead to merge into was not found');
  if (survivor.erased)
    throw new LeadCommandRefused('not_found', 'The lead to merge into was permanently deleted');
  if (survivor.mergedInto !== null)
    throw new LeadCommandRefused(
      'conflict',
      'The lead to merge into was itself merged into another',
    );
  if (survivor.trashed)
    throw new LeadCommandRefused('conflict', 'The lead to merge into is in the Recycle Bin');
  return [{ type: 'LeadMerged', data: { into: command.into } }];
}

/** Decides several commands in order, each against the state the previous ones produced. */
export function decideAll(commands: readonly LeadCommand[], state: LeadState): LeadEvent[] {
  const events: LeadEvent[] = [];
  let current = state;
  for (const command of commands) {
    const decided = decide(command, current);
    current = decided.reduce(evolve, current);
    events.push(...decided);
  }
  return events;
}

function assertActive(state: LeadState): void {
  if (state.trashed)
    throw new LeadCommandRefused('conflict', 'The lead is in the Recycle Bin; restore it first');
}

const REQUIRED_FOR_MANUAL = ['firstName', 'lastName', 'email'] as const;
const REQUIRED_FOR_PUBLIC = ['firstName', 'email'] as const;

function decideCreate(
  command: Extract<LeadCommand, { type: 'CreateLead' }>,
  state: LeadState,
): LeadEvent[] {
  if (state.exists) throw new LeadCommandRefused('conflict', 'The lead already exists');
  const { input } = command;
  const { customer } = input;
  // A contact-form sender may give one name; staff-made leads need both (docs/product.md#leads).
  const required = input.source === 'manual' ? REQUIRED_FOR_MANUAL : REQUIRED_FOR_PUBLIC;
  for (const field of required) {
    if (!customer[field]?.trim())
      throw new LeadCommandRefused('invalid', `customer.${field} should not be empty`);
  }
  const status = input.status ?? command.statuses[0];
  if (!command.statuses.includes(status))
    throw new LeadCommandRefused(
      'invalid',
      `status must be one of: ${command.statuses.join(', ')}`,
    );
  return [
    {
      type: 'LeadCreated',
      data: {
        leadId: command.leadId,
        source: input.source,
        status,
        doorStyle: input.doorStyle,
        doors: input.doors,
        drawers: input.drawers,
        metres: input.metres,
        totalPrice: input.totalPrice,
        ...(input.priceListVersion ? { priceListVersion: input.priceListVersion } : {}),
        ...(input.lineItems ? { lineItems: input.lineItems } : {}),
        ...(input.patternId ? { patternId: input.patternId } : {}),
      },
      personalData: {
        firstName: customer.firstName.trim(),
        lastName: customer.lastName.trim(),
        email: customer.email.trim(),
        phone: customer.phone?.trim() ?? '',
        address: customer.address?.trim() ?? '',
        city: customer.city?.trim() ?? '',
        country: customer.country?.trim() || 'FI',
        ...(input.message ? { message: input.message } : {}),
        ...(input.notes ? { notes: input.notes } : {}),
        ...(input.visitorId ? { visitorId: input.visitorId } : {}),
      },
    },
    // Ids only: the link survives erasure and is shown only while both leads are active.
    ...[...new Set(command.duplicateOf ?? [])]
      .filter((otherLeadId) => otherLeadId !== command.leadId)
      .map((otherLeadId): LeadEvent => ({ type: 'LeadLinkedAsDuplicate', data: { otherLeadId } })),
  ];
}

function decideDetails(
  command: Extract<LeadCommand, { type: 'ChangeLeadDetails' }>,
  state: LeadState,
): LeadEvent[] {
  const orderChanges: OrderChanges = {};
  for (const field of ORDER_FIELDS) {
    const to = command.order?.[field];
    if (to !== undefined && to !== state.order[field]) {
      (orderChanges as Record<string, unknown>)[field] = { from: state.order[field], to };
    }
  }
  const contactChanges: ContactChanges = {};
  for (const field of CONTACT_FIELDS) {
    const to = command.contact?.[field];
    if (to === undefined) continue;
    if ((field === 'firstName' || field === 'email') && !to.trim())
      throw new LeadCommandRefused('invalid', `${field} should not be empty`);
    const from = state.contact?.[field] ?? '';
    if (to !== from) contactChanges[field] = { from, to };
  }
  if (Object.keys(orderChanges).length === 0 && Object.keys(contactChanges).length === 0) return [];
  return [
    {
      type: 'LeadDetailsChanged',
      data: { changes: orderChanges },
      personalData: { changes: contactChanges },
    },
  ];
}

function decideAssign(
  command: Extract<LeadCommand, { type: 'AssignLead' }>,
  state: LeadState,
): LeadEvent[] {
  if (command.memberId !== null && !command.members.includes(command.memberId))
    throw new LeadCommandRefused('invalid', 'ownerId must be an active team member');
  if (command.memberId === state.ownerId) return [];
  return [
    {
      type: 'LeadAssigned',
      data: { memberId: command.memberId, previousMemberId: state.ownerId },
    },
  ];
}

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A `YYYY-MM-DD` that names a day of the calendar (no 31 February). */
export function isCalendarDay(value: string): boolean {
  if (!CALENDAR_DAY.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

function decideFollowUp(
  command: Extract<LeadCommand, { type: 'ScheduleFollowUp' }>,
  state: LeadState,
): LeadEvent[] {
  const dueOn = command.dueOn ?? state.followUp?.dueOn;
  if (dueOn === undefined)
    throw new LeadCommandRefused('invalid', 'followUpOn is required for a new follow-up');
  if (!isCalendarDay(dueOn))
    throw new LeadCommandRefused('invalid', 'followUpOn must be a date as YYYY-MM-DD');
  const note = (command.note ?? state.followUp?.note ?? '').trim();
  if (state.followUp && state.followUp.dueOn === dueOn && state.followUp.note === note) return [];
  // An unchanged date may lie in the past (an overdue follow-up whose note is edited).
  if (dueOn !== state.followUp?.dueOn && dueOn < command.today)
    throw new LeadCommandRefused('invalid', 'followUpOn cannot be before today');
  return [{ type: 'FollowUpScheduled', data: { dueOn }, personalData: { note } }];
}
