/** The pipeline columns every lead status is one of, as one stream shared by all staff. */
export const PIPELINE_STREAM_ID = 'pipeline-columns';
export const PIPELINE_STREAM_TYPE = 'pipeline';
export const COLUMN_COLORS = [
  'red',
  'orange',
  'yellow',
  'green',
  'blue',
  'purple',
  'pink',
  'gray',
] as const;
export type ColumnColor = (typeof COLUMN_COLORS)[number];

export interface PipelineColumn {
  id: string;
  name: string;
  color: ColumnColor;
}

export type PipelineEvent =
  | { type: 'PipelineColumnAdded'; data: PipelineColumn }
  | { type: 'PipelineColumnRenamed'; data: { id: string; from: string; to: string } }
  | { type: 'PipelineColumnRecolored'; data: { id: string; from: ColumnColor; to: ColumnColor } }
  | { type: 'PipelineColumnRemoved'; data: { id: string; movedLeadsTo: string | null } };

/**
 * Event types renamed after events were stored under the old name (British to American spelling):
 * the log is append-only, so old events are read under the new name.
 */
export const RENAMED_PIPELINE_EVENTS: readonly { from: string; to: PipelineEvent['type'] }[] = [
  { from: 'PipelineColumnRecoloured', to: 'PipelineColumnRecolored' },
];
