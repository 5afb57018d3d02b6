/** The public face of the leads module: what other modules may import (docs/architecture.md#modules). */
export * from './domain/lead.events.js';
export * from './domain/lead.types.js';
export * from './domain/pipeline.events.js';
export type { LeadRetentionApplied } from './domain/lead-retention.js';
export { type LeadState, foldLead } from './domain/lead.state.js';
export { CLOSED_STATUS, DEFAULT_COLUMNS, foldPipeline } from './domain/pipeline.state.js';
export { LEAD_STATS_PROJECTION } from './projections/lead-stats/lead-stats.projection.js';
export { summarizeLeadStats } from './queries/summarize-lead-stats.js';
export { CreateLeadCommand } from './commands/create-lead/create-lead.command.js';
export { UpdateLeadCommand } from './commands/update-lead/update-lead.command.js';
export { TrashLeadCommand } from './commands/trash-lead/trash-lead.command.js';
export { RestoreLeadCommand } from './commands/restore-lead/restore-lead.command.js';
export { EraseLeadCommand } from './commands/erase-lead/erase-lead.command.js';
export { MergeLeadCommand } from './commands/merge-lead/merge-lead.command.js';
export { LeadReader } from './queries/lead.reader.js';
export { LeadsModule } from './leads.module.js';
