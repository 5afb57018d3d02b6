import type { PipelineColumn, PipelineEvent } from './pipeline.events.js';

/** The status whose leads count as won: their sum is Total Revenue. */
export const CLOSED_STATUS = 'closed';

/** The columns before any change: the stream starts from these, not from nothing. */
export const DEFAULT_COLUMNS: readonly PipelineColumn[] = [
  { id: 'new', name: 'New Leads', color: 'blue' },
  { id: 'contacted', name: 'Contacted', color: 'yellow' },
  { id: 'qualified', name: 'Qualified', color: 'green' },
  { id: 'proposal', name: 'Proposal', color: 'purple' },
  { id: 'closed', name: 'Closed', color: 'gray' },
];

export function evolve(columns: readonly PipelineColumn[], event: PipelineEvent): PipelineColumn[] {
  switch (event.type) {
    case 'PipelineColumnAdded':
      return [...columns, event.data];
    case 'PipelineColumnRenamed':
      return columns.map((c) => (c.id === event.data.id ? { ...c, name: event.data.to } : c));
    case 'PipelineColumnRecolored':
      return columns.map((c) => (c.id === event.data.id ? { ...c, color: event.data.to } : c));
    case 'PipelineColumnRemoved':
      return columns.filter((c) => c.id !== event.data.id);
  }
}

export const foldPipeline = (events: readonly PipelineEvent[]): PipelineColumn[] =>
  events.reduce(evolve, [...DEFAULT_COLUMNS]);
