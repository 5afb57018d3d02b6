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
  | { type: 'EraseLead'; reason?: LeadErasureReason };

/** Pure business rules: which events a command causes given the lead's state, or a refusal. */
export function decide(command: LeadCommand, state: LeadState): LeadEvent[] {
  if (command.type === 'CreateLead') return decideCreate(command, state);
  if (!state.exists) throw new LeadCommandRefused('not_found', 'Lead not found');
  if (state.erased) throw new LeadCommandRefused('not_found', 'This lead was permanently deleted');
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
  }
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
