import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsISO8601, IsOptional } from 'class-validator';
import { BOARD_CARDS_PER_COLUMN_MAX } from '#src/contract/board-history.js';
import { IntegerBetween } from '#src/platform/http/number-fields.js';

export class BoardAsOfQuery {
  @ApiProperty({
    format: 'date-time',
    description: 'The past moment to show the board at',
    example: '2026-01-15T12:00:00Z',
  })
  @IsISO8601(
    { strict: true, strictSeparator: true },
    { message: 'at must be an ISO 8601 date-time' },
  )
  at: string;

  @ApiPropertyOptional({ example: 10, description: 'Newest leads shown per column' })
  @IsOptional()
  @Type(() => Number)
  @IntegerBetween(1, BOARD_CARDS_PER_COLUMN_MAX)
  cardsPerColumn?: number;
}

class BoardCardAsOfDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  @ApiProperty({ type: String, nullable: true, description: 'null once erased' })
  name: string | null;
  @ApiProperty({ example: 'proposal' })
  status: string;
  @ApiProperty({ example: 1890 })
  totalPrice: number;
  @ApiProperty({ type: String, nullable: true, example: 'Uritettu' })
  doorStyle: string | null;
  @ApiProperty({ format: 'date-time' })
  createdAt: string;
}

class BoardColumnAsOfDto {
  @ApiProperty({ example: 'proposal' })
  id: string;
  @ApiProperty({ example: 'Proposal' })
  name: string;
  @ApiProperty({ example: 'purple' })
  color: string;
  @ApiProperty({ type: 'integer', example: 12 })
  total: number;
  @ApiProperty({ example: 23450 })
  value: number;
  @ApiProperty({ type: [BoardCardAsOfDto] })
  leads: BoardCardAsOfDto[];
}

class StatusTotalAsOfDto {
  @ApiProperty({ example: 'new' })
  status: string;
  @ApiProperty({ type: 'integer', example: 4 })
  count: number;
  @ApiProperty({ example: 5600 })
  value: number;
}

class BoardStatsAsOfDto {
  @ApiProperty({ type: 'integer' })
  totalQuotes: number;
  @ApiProperty()
  totalRevenue: number;
  @ApiProperty()
  potentialRevenue: number;
  @ApiProperty({ type: 'integer' })
  activeLeads: number;
  @ApiProperty({ type: [StatusTotalAsOfDto] })
  byStatus: StatusTotalAsOfDto[];
}

export class BoardAsOfDto {
  @ApiProperty({ format: 'date-time' })
  at: string;
  @ApiProperty({ type: [BoardColumnAsOfDto] })
  columns: BoardColumnAsOfDto[];
  @ApiProperty({ type: BoardStatsAsOfDto })
  stats: BoardStatsAsOfDto;
}
