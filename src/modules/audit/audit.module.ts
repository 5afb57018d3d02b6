import { Module } from '@nestjs/common';
import { RecordDataAccessHandler } from './commands/record-data-access/record-data-access.handler.js';
import { AuditController } from './http/audit.controller.js';
import { AuditLogProjection } from './projections/audit-log/audit-log.projection.js';
import { AuditLogReader } from './queries/audit-log.reader.js';

/** The audit log: every event told as a sentence, and the records of who read personal data. */
@Module({
  controllers: [AuditController],
  providers: [AuditLogProjection, AuditLogReader, RecordDataAccessHandler],
})
export class AuditModule {}
