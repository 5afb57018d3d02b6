import { eventTypesProvider } from '#src/platform/event-store/event-types.js';
import { LEAD_EVENT_DECLARATIONS } from './domain/lead.event-types.js';
import { Module } from '@nestjs/common';
import { AddPipelineColumnHandler } from './commands/add-pipeline-column/add-pipeline-column.handler.js';
import { CreateLeadHandler } from './commands/create-lead/create-lead.handler.js';
import { EditPipelineColumnHandler } from './commands/edit-pipeline-column/edit-pipeline-column.handler.js';
import { EraseLeadHandler } from './commands/erase-lead/erase-lead.handler.js';
import { MergeLeadHandler } from './commands/merge-lead/merge-lead.handler.js';
import { RemovePipelineColumnHandler } from './commands/remove-pipeline-column/remove-pipeline-column.handler.js';
import { RestoreLeadHandler } from './commands/restore-lead/restore-lead.handler.js';
import { TrashLeadHandler } from './commands/trash-lead/trash-lead.handler.js';
import { UpdateLeadHandler } from './commands/update-lead/update-lead.handler.js';
import { LeadsAdminController } from './http/leads.admin.controller.js';
import { LeadsExportController } from './http/leads-export.controller.js';
import { LeadsBinController } from './http/leads.bin.controller.js';
import { PipelineColumnsController } from './http/pipeline-columns.controller.js';
import { LeadRepository } from './infrastructure/lead.repository.js';
import { PipelineColumnsRepository } from './infrastructure/pipeline-columns.repository.js';
import { RenamedLeadEvents } from './infrastructure/renamed-events.js';
import { LeadListProjection } from './projections/lead-list/lead-list.projection.js';
import { LeadStatsProjection } from './projections/lead-stats/lead-stats.projection.js';
import { LeadReader } from './queries/lead.reader.js';
import { DuplicateLeadsReader } from './queries/duplicate-leads.reader.js';
import { LeadsInColumnReader } from './queries/leads-in-column.reader.js';
import { LeadRetentionJob } from './retention/lead-retention.job.js';

const commandHandlers = [
  CreateLeadHandler,
  UpdateLeadHandler,
  TrashLeadHandler,
  RestoreLeadHandler,
  EraseLeadHandler,
  MergeLeadHandler,
  AddPipelineColumnHandler,
  EditPipelineColumnHandler,
  RemovePipelineColumnHandler,
];

/** Leads and the sales pipeline: event-sourced leads, columns, read models and the CRM API. */
@Module({
  // The export first: its fixed path must not be taken for a lead id by `GET :id`.
  controllers: [
    LeadsExportController,
    LeadsAdminController,
    LeadsBinController,
    PipelineColumnsController,
  ],
  providers: [
    eventTypesProvider('leads', LEAD_EVENT_DECLARATIONS),
    LeadRepository,
    PipelineColumnsRepository,
    RenamedLeadEvents,
    LeadReader,
    DuplicateLeadsReader,
    LeadsInColumnReader,
    LeadListProjection,
    LeadStatsProjection,
    LeadRetentionJob,
    ...commandHandlers,
  ],
  // The right-of-access export (audit) finds a person's leads by e-mail.
  exports: [LeadReader],
})
export class LeadsModule {}
