import { type EventTypeDeclaration, field } from '#src/platform/event-store/event-types.js';

/** The shapes of the report events (report.events.ts). */
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
];
