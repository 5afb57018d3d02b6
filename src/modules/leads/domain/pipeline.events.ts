import type { ColumnColor, PipelineColumn } from '#src/contract/pipeline.js';

/** The pipeline columns every lead status is one of, as one stream shared by all staff. */
export const PIPELINE_STREAM_ID = 'pipeline-columns';
export const PIPELINE_STREAM_TYPE = 'pipeline';
export { COLUMN_COLORS, type ColumnColor, type PipelineColumn } from '#src/contract/pipeline.js';

export type PipelineEvent =
  | { type: 'PipelineColumnAdded'; data: PipelineColumn }
  | { type: 'PipelineColumnRenamed'; data: { id: string; from: string; to: string } }
  | { type: 'PipelineColumnRecolored'; data: { id: string; from: ColumnColor; to: ColumnColor } }
  | { type: 'PipelineColumnRemoved'; data: { id: string; movedLeadsTo: string | null } };

export const PIPELINE_EVENT_TYPES: readonly PipelineEvent['type'][] = [
  'PipelineColumnAdded',
  'PipelineColumnRenamed',
  'PipelineColumnRecolored',
  'PipelineColumnRemoved',
];

/**
 * Event types renamed after events were stored under the old name (British to American spelling):
 * the log is append-only, so old events are read under the new name.
 */
export const RENAMED_PIPELINE_EVENTS: readonly { from: string; to: PipelineEvent['type'] }[] = [
  { from: 'PipelineColumnRecoloured', to: 'PipelineColumnRecolored' },
];
