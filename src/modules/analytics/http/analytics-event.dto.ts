import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsObject, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

export const ANALYTICS_DATA_MAX_BYTES = 4096;

/** An anonymous usage event: name, page, small data (docs/product.md#cookies-and-analytics). */
export class AnalyticsEventDto {
  @ApiProperty({ example: 'quote_step_completed' })
  @IsString()
  @Matches(/^[a-z][a-z0-9_]{0,63}$/, { message: 'event must be a snake_case event name' })
  event: string;

  @ApiProperty({ description: 'Path of the page; a query string is dropped', example: '/tarjous' })
  @IsString()
  @MaxLength(300)
  @Matches(/^\/[^\s]*$/, { message: 'page must be a path starting with /' })
  page: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: `At most ${ANALYTICS_DATA_MAX_BYTES} bytes as JSON, and no e-mail addresses`,
    example: { step: 2, doorStyle: 'Uritettu' },
  })
  @IsOptional()
  @IsObject()
  data?: Record<string, unknown>;
}
