import type { BackupCreated, BackupRestored, BackupsPruned } from '#src/modules/backups/index.js';
import type { LeadRetentionApplied } from '#src/modules/leads/index.js';
import {
  type EventLogExported,
  type ReportBuildStarted,
  type ReportDefined,
  type ReportDefinitionRemoved,
  ReportDefinitionEvents,
  ReportEvents,
} from '#src/modules/reports/index.js';
import type { PresenterInput, PresenterTable } from './presenter.types.js';

const dataOf = <T extends { data: unknown }>({ event }: PresenterInput) =>
  event.data as unknown as T['data'];

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Backups, the data-protection job and reports: what keeps the data safe and what reads it. */
export const operationsPresenters: PresenterTable = {
  BackupCreated: (input) => {
    const { fileName, counts, trigger } = dataOf<BackupCreated>(input);
    const how = trigger === 'manual' ? 'backed up the data' : 'made the scheduled backup';
    return {
      target: null,
      sentence: `${input.actor} ${how}: ${fileName} (${count(counts.events, 'event', 'events')})`,
    };
  },
  BackupsPruned: (input) => {
    const { fileNames, kept } = dataOf<BackupsPruned>(input);
    return {
      target: null,
      sentence: `${input.actor} deleted ${count(fileNames.length, 'old backup file', 'old backup files')}; ${kept} kept`,
    };
  },
  BackupRestored: (input) => {
    const { fileName, created, events, replaced, operator } = dataOf<BackupRestored>(input);
    return {
      target: null,
      sentence:
        `${operator} restored the backup ${fileName} taken ${created} ` +
        `(${count(events, 'event', 'events')})${replaced ? ', replacing the data in use' : ''}`,
    };
  },
  LeadRetentionApplied: (input) => {
    const { quoteLeadsErased, contactLeadsErased } = dataOf<LeadRetentionApplied>(input);
    return {
      target: null,
      sentence:
        `${input.actor} erased ${count(quoteLeadsErased, 'quote lead', 'quote leads')} and ` +
        `${count(contactLeadsErased, 'contact message', 'contact messages')} past their retention period`,
    };
  },
  [ReportEvents.ReportBuildStarted]: (input) => {
    const { report, rebuild } = dataOf<ReportBuildStarted>(input);
    return {
      target: null,
      sentence: `${input.actor} started ${rebuild ? 'rebuilding' : 'building'} the report ${report}`,
    };
  },
  [ReportEvents.EventLogExported]: (input) => {
    const { since, afterPosition } = dataOf<EventLogExported>(input);
    const from = since
      ? ` from ${since}`
      : afterPosition !== null
        ? ` after position ${afterPosition}`
        : '';
    return {
      target: null,
      sentence: `${input.actor} exported the event log with personal data${from}`,
    };
  },
  [ReportDefinitionEvents.ReportDefined]: (input) => {
    const { title } = dataOf<ReportDefined>(input);
    return { target: null, sentence: `${input.actor} defined the report “${title}”` };
  },
  [ReportDefinitionEvents.ReportDefinitionChanged]: (input) => {
    const { title, revision } = dataOf<ReportDefined>(input);
    return {
      target: null,
      sentence: `${input.actor} changed the report “${title}” (revision ${revision})`,
    };
  },
  [ReportDefinitionEvents.ReportDefinitionRemoved]: (input) => {
    const { definitionId } = dataOf<ReportDefinitionRemoved>(input);
    return {
      target: null,
      sentence: `${input.actor} removed the report report_def_${definitionId}`,
    };
  },
};
