import { ApiProperty } from '@nestjs/swagger';
import type { HistoryEntryType } from '#src/contract/lead-history.js';
import { LEAD_EVENT_TYPES } from '#src/modules/leads/index.js';
import { VISUALIZATION_GENERATED } from '#src/modules/visualizer/index.js';

const HISTORY_ENTRY_TYPES: readonly HistoryEntryType[] = [
  ...LEAD_EVENT_TYPES,
  VISUALIZATION_GENERATED,
];

/** The documented shape of every history entry; `details` depends on `type`. */
export class HistoryEntryDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ enum: HISTORY_ENTRY_TYPES, example: 'LeadStatusChanged' })
  type: HistoryEntryType;

  @ApiProperty({ format: 'date-time', example: '2026-11-23T09:15:00.000Z' })
  occurredAt: string;

  @ApiProperty({ example: 'Aino Virtanen' })
  actorName: string;

  @ApiProperty({ example: 'salesperson' })
  actorRole: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'Event-specific facts: source, status from/to, field changes, pattern tried',
    example: { from: 'new', to: 'contacted' },
  })
  details: object;
}
