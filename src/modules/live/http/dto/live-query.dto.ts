import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';
import { LIVE_POSITION_PATTERN } from '#src/contract/live.js';

export class LiveStreamQuery {
  @ApiPropertyOptional({
    description:
      'Resume after this change (the id of the last one received), for a new connection; a ' +
      'reconnecting EventSource sends Last-Event-ID instead, which wins',
    example: '7731-1042',
  })
  @IsOptional()
  @Matches(LIVE_POSITION_PATTERN, { message: 'after must be the id of a live change' })
  after?: string;
}
