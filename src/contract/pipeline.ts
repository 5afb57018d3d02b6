/** The pipeline columns every lead status is one of, as both ends name them. */

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

export interface ColumnInput {
  name: string;
  color: ColumnColor;
}

export interface MovedLeadsAnswer {
  /** Leads moved to another column. */
  movedLeads: number;
}
