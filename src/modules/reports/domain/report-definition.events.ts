import type { ReportDefinitionInput } from '#src/contract/reports.js';

/** Events of a report an admin defines: one stream per definition, each edit a new revision. */

export const REPORT_DEFINITION_STREAM_TYPE = 'report-definition';
export const reportDefinitionStreamId = (definitionId: string) =>
  `report-definition-${definitionId}`;

export const ReportDefinitionEvents = {
  ReportDefined: 'ReportDefined',
  ReportDefinitionChanged: 'ReportDefinitionChanged',
  ReportDefinitionRemoved: 'ReportDefinitionRemoved',
} as const;

export type ReportDefinitionData = ReportDefinitionInput & {
  definitionId: string;
  revision: number;
};

export interface ReportDefined {
  type: typeof ReportDefinitionEvents.ReportDefined;
  data: ReportDefinitionData;
}

/** A new revision: built beside the one before, which keeps serving until it is built. */
export interface ReportDefinitionChanged {
  type: typeof ReportDefinitionEvents.ReportDefinitionChanged;
  data: ReportDefinitionData;
}

export interface ReportDefinitionRemoved {
  type: typeof ReportDefinitionEvents.ReportDefinitionRemoved;
  data: { definitionId: string; revision: number };
}

export type ReportDefinitionEvent =
  ReportDefined | ReportDefinitionChanged | ReportDefinitionRemoved;

export const REPORT_DEFINITION_EVENT_TYPES: readonly string[] =
  Object.values(ReportDefinitionEvents);
