import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsDefined,
  IsOptional,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import {
  REPORT_GROUPINGS,
  REPORT_MEASURE_KINDS,
  type ReportDefinitionInput,
  type ReportGrouping,
  type ReportMeasure,
  type ReportMeasureKind,
  type ReportVocabulary,
} from '#src/contract/reports.js';

/**
 * The shape of a definition; what its names mean (event types there are, numeric fields,
 * groupings) the domain checks against the event type registry (report-definition.rules.ts).
 */
export class ReportMeasureDto {
  @ApiProperty({ enum: REPORT_MEASURE_KINDS, example: 'count' })
  @IsString()
  @MaxLength(20)
  kind: ReportMeasureKind;

  @ApiPropertyOptional({
    description: 'sum: the numeric data field, nested ones as a.b',
    example: 'totalPrice',
  })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  field?: string;

  @ApiPropertyOptional({
    description: 'duration: the event type it starts at',
    example: 'LeadCreated',
  })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  from?: string;

  @ApiPropertyOptional({
    description: 'duration: the event type it ends at',
    example: 'LeadStatusChanged',
  })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  to?: string;
}

export class ReportDefinitionDto {
  @ApiProperty({ example: 'Quotes per door style per month' })
  @IsString()
  @MaxLength(200)
  title: string;

  @ApiProperty({ type: [String], example: ['LeadCreated'], description: 'Empty for a duration' })
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @MaxLength(200, { each: true })
  eventTypes: string[];

  @ApiProperty({ type: ReportMeasureDto })
  @IsDefined()
  @ValidateNested()
  @Type(() => ReportMeasureDto)
  measure: ReportMeasureDto;

  @ApiProperty({ enum: REPORT_GROUPINGS, isArray: true, example: ['month', 'doorStyle'] })
  @IsArray()
  @ArrayMaxSize(10)
  @IsString({ each: true })
  @MaxLength(50, { each: true })
  groupBy: string[];

  toInput(): ReportDefinitionInput {
    const { kind, field, from, to } = this.measure;
    return {
      title: this.title,
      eventTypes: this.eventTypes,
      measure: { kind, field, from, to } as ReportMeasure,
      groupBy: this.groupBy as ReportGrouping[],
    };
  }
}

export class DefinedReportCreatedDto {
  @ApiProperty({ example: 'report_def_3fa9c01b7e' })
  name: string;
}

export class ReportVocabularyEventTypeDto {
  @ApiProperty({ example: 'LeadCreated' })
  type: string;

  @ApiProperty({ type: [String], example: ['doors', 'totalPrice'] })
  numericFields: string[];
}

export class ReportVocabularyGroupingDto {
  @ApiProperty({ enum: REPORT_GROUPINGS })
  value: ReportGrouping;

  @ApiProperty({ example: 'Door style' })
  label: string;
}

export class ReportVocabularyDto implements ReportVocabulary {
  @ApiProperty({ type: [ReportVocabularyEventTypeDto] })
  eventTypes: ReportVocabularyEventTypeDto[];

  @ApiProperty({ type: [ReportVocabularyGroupingDto] })
  groupings: ReportVocabularyGroupingDto[];
}
