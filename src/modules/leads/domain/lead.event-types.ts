import { type EventTypeDeclaration, field } from '#src/platform/event-store/event-types.js';
import { COLUMN_COLORS } from '#src/contract/pipeline.js';
import { DOOR_STYLES, LEAD_SOURCES } from '#src/contract/leads.js';
import { CONTACT_FIELDS } from './lead.events.js';

const { id, number, label, text, optional, nullable, object, array, timestamp } = field;
const doorStyle = nullable(field.enum(DOOR_STYLES));
/** A pipeline column's id is made from its name (pipeline.decide.ts), so it is a label. */
const column = label;
const change = (kind: typeof number) => object({ from: kind, to: kind });
const changeText = object({ from: optional(nullable(text)), to: optional(nullable(text)) });
const contact = Object.fromEntries(CONTACT_FIELDS.map((name) => [name, optional(nullable(text))]));
const contactChanges = object(
  Object.fromEntries(CONTACT_FIELDS.map((name) => [name, optional(changeText)])),
);

/** The plain and sealed shapes of the lead and pipeline events (lead.events.ts, pipeline.events.ts). */
export const LEAD_EVENT_DECLARATIONS: EventTypeDeclaration[] = [
  {
    type: 'LeadCreated',
    data: {
      leadId: id,
      source: field.enum(LEAD_SOURCES),
      status: column,
      doorStyle,
      doors: number,
      drawers: number,
      metres: number,
      totalPrice: number,
      priceListVersion: optional(id),
      lineItems: optional(
        array(object({ code: id, label, quantity: number, unitPrice: number, total: number })),
      ),
      patternId: optional(id),
    },
    personalData: {
      ...contact,
      message: optional(text),
      notes: optional(text),
      visitorId: optional(id),
    },
  },
  {
    type: 'LeadDetailsChanged',
    data: {
      changes: object({
        doorStyle: optional(change(doorStyle)),
        doors: optional(change(nullable(number))),
        drawers: optional(change(nullable(number))),
        metres: optional(change(nullable(number))),
        totalPrice: optional(change(nullable(number))),
      }),
    },
    personalData: { changes: contactChanges },
  },
  {
    type: 'LeadStatusChanged',
    data: { from: column, to: column, reason: optional(field.enum(['column_removed'])) },
  },
  {
    type: 'LeadNotesChanged',
    data: {},
    personalData: { from: nullable(text), to: nullable(text) },
  },
  { type: 'LeadAssigned', data: { memberId: nullable(id), previousMemberId: nullable(id) } },
  {
    type: 'FollowUpScheduled',
    data: { dueOn: timestamp },
    personalData: { note: text },
  },
  { type: 'FollowUpDone', data: { dueOn: timestamp } },
  { type: 'LeadLinkedAsDuplicate', data: { otherLeadId: id } },
  { type: 'LeadMerged', data: { into: id } },
  { type: 'LeadAbsorbed', data: { from: id } },
  { type: 'LeadTrashed', data: {} },
  { type: 'LeadRestored', data: {} },
  {
    type: 'LeadErased',
    data: { reason: optional(field.enum(['retention', 'restored_erasure', 'survivor_erased'])) },
  },
  {
    type: 'LeadRetentionApplied',
    data: {
      quoteCutoff: timestamp,
      contactCutoff: timestamp,
      quoteLeadsErased: number,
      contactLeadsErased: number,
    },
  },
  {
    type: 'PipelineColumnAdded',
    data: { id: column, name: label, color: field.enum(COLUMN_COLORS) },
  },
  { type: 'PipelineColumnRenamed', data: { id: column, from: label, to: label } },
  {
    type: 'PipelineColumnRecolored',
    data: { id: column, from: field.enum(COLUMN_COLORS), to: field.enum(COLUMN_COLORS) },
  },
  { type: 'PipelineColumnRemoved', data: { id: column, movedLeadsTo: nullable(column) } },
];
