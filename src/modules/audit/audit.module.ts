import { eventTypesProvider } from '#src/platform/event-store/event-types.js';
import { DATA_ACCESS_EVENT_DECLARATIONS } from './domain/data-access.event-types.js';
import { Module } from '@nestjs/common';
import { LeadsModule } from '#src/modules/leads/index.js';
import { MailModule } from '#src/modules/mail/index.js';
import { VisualizerModule } from '#src/modules/visualizer/index.js';
import { RecordDataAccessHandler } from './commands/record-data-access/record-data-access.handler.js';
import { DataAccessUpcasters } from './infrastructure/data-access-upcasters.js';
import { AuditController } from './http/audit.controller.js';
import { BoardAsOfController } from './http/board-as-of.controller.js';
import { LeadHistoryController } from './http/lead-history.controller.js';
import { SubjectAccessController } from './http/subject-access.controller.js';
import { AuditLogProjection } from './projections/audit-log/audit-log.projection.js';
import { LeadTimelineProjection } from './projections/lead-timeline/lead-timeline.projection.js';
import { AuditLogReader } from './queries/audit-log.reader.js';
import { BoardAsOfReader } from './queries/board-as-of.reader.js';
import { LeadHistoryReader } from './queries/lead-history.reader.js';
import { SubjectAccessReader } from './queries/subject-access.reader.js';

/**
 * The audit log (every event told as a sentence, and who read personal data), a lead's history
 * across the modules that touch it, one person's data for the right of access, and the pipeline
 * as it was at any past moment.
 */
@Module({
  imports: [LeadsModule, MailModule, VisualizerModule],
  controllers: [
    AuditController,
    BoardAsOfController,
    LeadHistoryController,
    SubjectAccessController,
  ],
  providers: [
    eventTypesProvider('audit', DATA_ACCESS_EVENT_DECLARATIONS),
    AuditLogProjection,
    LeadTimelineProjection,
    AuditLogReader,
    BoardAsOfReader,
    LeadHistoryReader,
    SubjectAccessReader,
    RecordDataAccessHandler,
    DataAccessUpcasters,
  ],
})
export class AuditModule {}
