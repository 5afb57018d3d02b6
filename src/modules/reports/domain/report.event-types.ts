import { type EventTypeDeclaration, field } from '#src/platform/event-store/event-types.js';
import { REPORT_GROUPINGS, REPORT_MEASURE_KINDS } from '#src/contract/reports.js';

/** An event type or a dotted field path is a key of our own making. */
const definition = {
  definitionId: field.id,
  revision: field.number,
  title: field.label,
  eventTypes: field.array(field.id),
  measure: field.object({
    kind: field.enum(REPORT_MEASURE_KINDS),
    field: field.optional(field.id),
    from: field.optional(field.id),
    to: field.optional(field.id),
  }),
  groupBy: field.array(field.enum(REPORT_GROUPINGS)),
};

/** The shapes of the report events (report.events.ts, report-definition.events.ts). */
export const REPORT_EVENT_DECLARATIONS: EventTypeDeclaration[] = [
  { type: 'ReportBuildStarted', data: { report: field.id, rebuild: field.boolean } },
  {
    type: 'EventLogExported',
    data: {
      afterPosition: field.nullable(field.number),
      since: field.nullable(field.timestamp),
      includePersonalData: field.boolean,
    },
  },
  { type: 'ReportDefined', data: definition },
  { type: 'ReportDefinitionChanged', data: definition },
  { type: 'ReportDefinitionRemoved', data: { definitionId: field.id, revision: field.number } },
];
