import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsObject, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

export const ANALYTICS_DATA_MAX_BYTES = 4096;

/** An anonymous usage event: name, page, small data (docs/product.md#cookies-and-analytics). */
export class AnalyticsEventDto {
  @IsString()
  @Matches(/^[a-z][a-z0-9_]{0,63}$/, { message: 'event must be a snake_case event name' })
  event: string;

  @IsString()
  @MaxLength(300)
  @Matches(/^\/[^\s]*$/, { message: 'page must be a path starting with /' })
  page: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  @IsOptional()
  @IsObject()
  data?: Record<string, unknown>;
}
