import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type {
  ReportBuild,
  ReportCell,
  ReportChart,
  ReportColumn,
  ReportColumnKind,
  ReportContent,
  ReportState,
  ReportSummary,
  ReportTable,
  ReportView,
} from '#src/contract/reports.js';

const COLUMN_KINDS: ReportColumnKind[] = ['text', 'count', 'money', 'days', 'hours', 'percent'];

export class ReportColumnDto implements ReportColumn {
  @ApiProperty({ example: 'month' })
  key: string;

  @ApiProperty({ example: 'Month' })
  label: string;

  @ApiProperty({ enum: COLUMN_KINDS })
  kind: ReportColumnKind;
}

export class ReportTableDto implements ReportTable {
  @ApiProperty({ example: 'Revenue by month and door style' })
  title: string;

  @ApiProperty({ type: [ReportColumnDto] })
  columns: ReportColumnDto[];

  @ApiProperty({
    type: 'array',
    items: {
      type: 'object',
      additionalProperties: { oneOf: [{ type: 'string' }, { type: 'number' }], nullable: true },
    },
    description: 'One object per row, keyed by the columns’ keys',
  })
  rows: Record<string, ReportCell>[];
}

export class ReportSeriesDto {
  @ApiProperty({ example: 'Closed' })
  label: string;

  @ApiProperty({ type: [Number] })
  data: number[];
}

export class ReportChartDto implements ReportChart {
  @ApiProperty({ example: 'Revenue by month' })
  title: string;

  @ApiProperty({ type: [String], example: ['2026-10', '2026-11'] })
  categories: string[];

  @ApiProperty({ type: [ReportSeriesDto] })
  series: ReportSeriesDto[];
}

export class ReportContentDto implements ReportContent {
  @ApiProperty()
  chart: ReportChartDto;

  @ApiProperty({ type: [ReportTableDto] })
  tables: ReportTableDto[];
}

export class ReportBuildDto implements ReportBuild {
  @ApiProperty({ type: 'integer', example: 250000 })
  processed: number;

  @ApiProperty({ type: 'integer', example: 1000000 })
  total: number;

  @ApiProperty({ type: 'integer', example: 80000 })
  eventsPerSecond: number;

  @ApiProperty({ type: 'integer', nullable: true, example: 10 })
  secondsLeft: number | null;

  @ApiProperty({
    description: 'False when the build stopped half-way; starting it again resumes it',
  })
  running: boolean;

  @ApiProperty({ type: String, nullable: true, example: null })
  error: string | null;
}

export class ReportSummaryDto implements ReportSummary {
  @ApiProperty({ example: 'report_revenue' })
  name: string;

  @ApiProperty({ example: 'Revenue' })
  title: string;

  @ApiProperty({ example: 'Revenue closed and potential by month and door style.' })
  description: string;

  @ApiProperty({ enum: ['not_built', 'ready'] })
  state: ReportState;

  @ApiProperty({ description: 'The live build was made by an older version of the report' })
  outdated: boolean;

  @ApiPropertyOptional({ type: ReportBuildDto, description: 'Absent when no build is under way' })
  build?: ReportBuildDto;
}

export class ReportViewDto extends ReportSummaryDto implements ReportView {
  @ApiPropertyOptional({ type: ReportContentDto, description: 'Absent until the report is built' })
  content?: ReportContentDto;
}
