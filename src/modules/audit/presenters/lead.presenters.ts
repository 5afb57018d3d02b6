import {
  type FollowUpDone,
  type FollowUpScheduled,
  type LeadAbsorbed,
  type LeadAssigned,
  type LeadLinkedAsDuplicate,
  type LeadMerged,
  leadIdFromStream,
  type LeadCreated,
  type LeadDetailsChanged,
  type LeadStatusChanged,
} from '#src/modules/leads/index.js';
import { aboutLead, type PresenterInput, type PresenterTable } from './presenter.types.js';

const FIELD_LABELS: Record<string, string> = {
  doorStyle: 'door style',
  doors: 'doors',
  drawers: 'drawers',
  metres: 'worktop metres',
  totalPrice: 'total price',
  firstName: 'first name',
  lastName: 'last name',
  email: 'e-mail',
  phone: 'phone',
  address: 'address',
  city: 'city',
  country: 'country',
};

const SOURCE_WORDS: Record<string, string> = {
  quote: 'sent a quote request',
  contact_form: 'sent a contact message',
};

const onLead = ({ event, names }: PresenterInput, sentence: (lead: string) => string) =>
  aboutLead(names, leadIdFromStream(event.streamId), sentence);

const changeList = (changes: Record<string, { from: unknown; to: unknown }>) =>
  Object.entries(changes).map(
    ([field, { from, to }]) => `${FIELD_LABELS[field] ?? field} ${show(from)} → ${show(to)}`,
  );

const show = (value: unknown) => (value === null || value === '' ? '(empty)' : String(value));

export const leadPresenters: PresenterTable = {
  LeadCreated: (input) => {
    const data = (input.event as unknown as LeadCreated).data;
    const source = SOURCE_WORDS[data.source];
    const column = input.names.column(data.status);
    return onLead(input, (lead) =>
      source
        ? `${input.actor} ${source}: ${lead} in ${column}`
        : `${input.actor} created lead ${lead} in ${column}`,
    );
  },
  LeadDetailsChanged: (input) => {
    const event = input.event as unknown as LeadDetailsChanged & { personalData?: unknown };
    const parts = changeList(event.data.changes);
    // Without the envelope (erased) only the fact that contact details changed is told.
    if (event.personalData) parts.push(...changeList(event.personalData.changes));
    else if (event.personalData === null) parts.push('contact details');
    return onLead(input, (lead) =>
      parts.length
        ? `${input.actor} edited ${lead}: ${parts.join(', ')}`
        : `${input.actor} edited ${lead}`,
    );
  },
  LeadStatusChanged: (input) => {
    const { from, to, reason } = (input.event as unknown as LeadStatusChanged).data;
    const why = reason === 'column_removed' ? ' because its column was removed' : '';
    return onLead(
      input,
      (lead) =>
        `${input.actor} moved ${lead} from ${input.names.column(from)} to ${input.names.column(to)}${why}`,
    );
  },
  LeadNotesChanged: (input) =>
    onLead(input, (lead) => `${input.actor} changed the notes of ${lead}`),
  LeadTrashed: (input) =>
    onLead(input, (lead) => `${input.actor} moved ${lead} to the Recycle Bin`),
  LeadRestored: (input) =>
    onLead(input, (lead) => `${input.actor} restored ${lead} from the Recycle Bin`),
  LeadErased: (input) =>
    onLead(input, (lead) => `${input.actor} erased the personal data of ${lead}`),
  LeadAssigned: (input) => {
    const { memberId } = (input.event as unknown as LeadAssigned).data;
    return onLead(input, (lead) =>
      memberId
        ? `${input.actor} gave ${lead} to ${input.names.member(memberId)}`
        : `${input.actor} took ${lead} from its owner`,
    );
  },
  // The note is personal free text: the audit log tells the date only.
  FollowUpScheduled: (input) => {
    const { dueOn } = (input.event as unknown as FollowUpScheduled).data;
    return onLead(input, (lead) => `${input.actor} set a follow-up of ${lead} for ${dueOn}`);
  },
  LeadLinkedAsDuplicate: (input) => {
    const { otherLeadId } = (input.event as unknown as LeadLinkedAsDuplicate).data;
    return onLead(
      input,
      (lead) =>
        `${lead} came in with the e-mail or phone of ${input.names.lead(otherLeadId)}: a possible duplicate`,
    );
  },
  LeadMerged: (input) => {
    const { into } = (input.event as unknown as LeadMerged).data;
    return onLead(input, (lead) => `${input.actor} merged ${lead} into ${input.names.lead(into)}`);
  },
  LeadAbsorbed: (input) => {
    const { from } = (input.event as unknown as LeadAbsorbed).data;
    return onLead(
      input,
      (lead) => `${lead} took in the history of ${input.names.lead(from)}, merged into it`,
    );
  },
  FollowUpDone: (input) => {
    const { dueOn } = (input.event as unknown as FollowUpDone).data;
    return onLead(
      input,
      (lead) => `${input.actor} marked the follow-up of ${lead} (due ${dueOn}) done`,
    );
  },
};
