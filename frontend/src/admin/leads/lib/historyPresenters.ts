import type {
  HistoryDetailsByType,
  HistoryEntry,
  HistoryEntryOf,
  HistoryEntryType,
  HistoryFieldChange,
} from '#src/contract/lead-history';
import type { EmailKind } from '#src/contract/mail';
import type { PipelineColumn } from '#src/contract/pipeline';
import { formatDay, formatEuro } from '@/shared/format/format';
import { FIELD_LABELS, SOURCE_LABELS } from '../copy';

type Presenter<T extends HistoryEntryType> = (
  details: HistoryDetailsByType[T],
  columns: readonly PipelineColumn[],
) => string;

const show = (change: HistoryFieldChange, value: HistoryFieldChange['from']) => {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (change.field === 'totalPrice' && typeof value === 'number') return formatEuro(value);
  return String(value);
};

const EMAIL_KIND_LABELS: Record<EmailKind, string> = {
  staff: '',
  quote: ' (quote to the customer)',
  quote_notification: ' (notice to the company mailbox)',
  contact_notification: ' (notice to the company mailbox)',
};

const subjectOf = (subject: string | null) => (subject ? `: ${subject}` : '');

const columnName = (columns: readonly PipelineColumn[], id: string) =>
  columns.find((c) => c.id === id)?.name ?? id;

/** One sentence per kind of entry, in the words a salesperson would use. */
const PRESENTERS: { [T in HistoryEntryType]: Presenter<T> } = {
  LeadCreated: (d) =>
    `Lead created from ${SOURCE_LABELS[d.source]}${d.patternId ? ` (pattern ${d.patternId})` : ''}`,
  LeadDetailsChanged: (d) => {
    if (d.redacted && d.changes.length === 0) return 'Details changed (personal data erased)';
    return d.changes
      .map((c) => `${FIELD_LABELS[c.field]}: ${show(c, c.from)} → ${show(c, c.to)}`)
      .join('; ');
  },
  LeadStatusChanged: (d, columns) =>
    `Status: ${columnName(columns, d.from)} → ${columnName(columns, d.to)}${
      d.reason === 'column_removed' ? ' (column deleted)' : ''
    }`,
  LeadNotesChanged: (d) =>
    d.redacted ? 'Notes changed (erased)' : `Notes: ${d.from || '(empty)'} → ${d.to || '(empty)'}`,
  LeadTrashed: () => 'Moved to the Recycle Bin',
  LeadRestored: () => 'Restored from the Recycle Bin',
  LeadErased: () => 'Deleted permanently (personal data erased)',
  LeadAssigned: (d) =>
    d.memberId
      ? `Owner: ${d.previousMemberName ?? (d.previousMemberId ? 'a former member' : 'nobody')} → ${d.memberName ?? 'a former member'}`
      : `Owner removed (was ${d.previousMemberName ?? 'a former member'})`,
  FollowUpScheduled: (d) =>
    `Follow-up on ${formatDay(d.dueOn)}${d.redacted ? ' (note erased)' : d.note ? `: ${d.note}` : ''}`,
  FollowUpDone: (d) => `Follow-up of ${formatDay(d.dueOn)} done`,
  LeadLinkedAsDuplicate: () =>
    'Came in with the e-mail or phone of another lead: a possible duplicate',
  LeadMerged: () => 'Merged into another lead',
  LeadAbsorbed: () => 'Another lead was merged into this one; its history is shown here too',
  VisualizationGenerated: (d) => `Tried pattern ${d.patternId} in the visualizer`,
  EmailQueued: (d) => `E-mail queued${subjectOf(d.subject)}${EMAIL_KIND_LABELS[d.kind]}`,
  EmailDelivered: () => 'E-mail delivered',
  EmailDeliveryFailed: (d) => `E-mail failed: ${d.reason}`,
  EmailReceived: (d) => `E-mail received${subjectOf(d.subject)}`,
  EmailConversationRead: () => 'E-mail conversation read',
};

function present<T extends HistoryEntryType>(
  entry: HistoryEntryOf<T>,
  columns: readonly PipelineColumn[],
): string {
  const presenter: Presenter<T> = PRESENTERS[entry.type];
  return presenter(entry.details, columns);
}

/** The sentence a history entry reads as; an entry type this screen does not know shows its name. */
export function describeEntry(entry: HistoryEntry, columns: readonly PipelineColumn[]): string {
  return entry.type in PRESENTERS ? present(entry, columns) : entry.type;
}
