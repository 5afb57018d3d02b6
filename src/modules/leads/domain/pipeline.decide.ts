import { LeadCommandRefused } from './lead.errors.js';
import type { ColumnColor, PipelineColumn, PipelineEvent } from './pipeline.events.js';

export type PipelineCommand =
  | { type: 'AddColumn'; name: string; color: ColumnColor }
  | { type: 'EditColumn'; id: string; name?: string; color?: ColumnColor }
  | { type: 'RemoveColumn'; id: string; moveLeadsTo: string | null; leadCount: number };

/** A column's id is its lowercased name with spaces replaced by underscores. */
export function columnIdFor(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '_');
}

/**
 * A column's name is a label on the board, kept in plain data: one line, and no e-mail address
 * (docs/decisions/0106-no-personal-data-outside-the-vault.md).
 */
function checkName(name: string): void {
  if (!name) throw new LeadCommandRefused('invalid', 'name should not be empty');
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name) || name.includes('@') || name.length > 100) {
    throw new LeadCommandRefused(
      'invalid',
      'name must be one line of at most 100 characters without an e-mail address',
    );
  }
}

/** Pure rules for the columns: which events a command causes, or a refusal. */
export function decide(
  command: PipelineCommand,
  columns: readonly PipelineColumn[],
): PipelineEvent[] {
  switch (command.type) {
    case 'AddColumn': {
      const name = command.name.trim();
      checkName(name);
      const id = columnIdFor(name);
      if (columns.some((c) => c.id === id))
        throw new LeadCommandRefused('conflict', `A column with the id "${id}" already exists`);
      return [{ type: 'PipelineColumnAdded', data: { id, name, color: command.color } }];
    }
    case 'EditColumn': {
      const column = findColumn(columns, command.id);
      const events: PipelineEvent[] = [];
      if (command.name !== undefined) {
        const name = command.name.trim();
        checkName(name);
        if (name !== column.name)
          events.push({
            type: 'PipelineColumnRenamed',
            data: { id: column.id, from: column.name, to: name },
          });
      }
      if (command.color !== undefined && command.color !== column.color)
        events.push({
          type: 'PipelineColumnRecolored',
          data: { id: column.id, from: column.color, to: command.color },
        });
      return events;
    }
    case 'RemoveColumn': {
      findColumn(columns, command.id);
      if (columns.length <= 1)
        throw new LeadCommandRefused('conflict', 'The last column cannot be deleted');
      if (command.leadCount > 0) {
        if (!command.moveLeadsTo)
          throw new LeadCommandRefused(
            'invalid',
            'moveLeadsTo is required: the column still holds leads',
          );
        if (
          command.moveLeadsTo === command.id ||
          !columns.some((c) => c.id === command.moveLeadsTo)
        )
          throw new LeadCommandRefused('invalid', 'moveLeadsTo must be another existing column');
      }
      return [
        {
          type: 'PipelineColumnRemoved',
          data: {
            id: command.id,
            movedLeadsTo: command.leadCount > 0 ? command.moveLeadsTo : null,
          },
        },
      ];
    }
  }
}

function findColumn(columns: readonly PipelineColumn[], id: string): PipelineColumn {
  const column = columns.find((c) => c.id === id);
  if (!column) throw new LeadCommandRefused('not_found', 'Column not found');
  return column;
}
