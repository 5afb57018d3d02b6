import { Module } from '@nestjs/common';
import { RecordDataAccessHandler } from './commands/record-data-access/record-data-access.handler.js';
import { AuditController } from './http/audit.controller.js';
import { BoardAsOfController } from './http/board-as-of.controller.js';
import { LeadHistoryController } from './http/lead-history.controller.js';
import { AuditLogProjection } from './projections/audit-log/audit-log.projection.js';
import { LeadTimelineProjection } from './projections/lead-timeline/lead-timeline.projection.js';
import { AuditLogReader } from './queries/audit-log.reader.js';
import { BoardAsOfReader } from './queries/board-as-of.reader.js';
import { LeadHistoryReader } from './queries/lead-history.reader.js';

/**
 * The audit log (every event told as a sentence, and who read personal data), a lead's history
 * across the modules that touch it, and the pipeline as it was at any past moment.
 */
@Module({
  controllers: [AuditController, BoardAsOfController, LeadHistoryController],
  providers: [
    AuditLogProjection,
    LeadTimelineProjection,
    AuditLogReader,
    BoardAsOfReader,
    LeadHistoryReader,
    RecordDataAccessHandler,
  ],
})
export class AuditModule {}
