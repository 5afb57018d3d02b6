import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class ProjectionHealth {
  @ApiProperty({ example: 'lead-list' })
  name: string;

  @ApiProperty({ enum: ['inline', 'async'] })
  mode: 'inline' | 'async';

  @ApiProperty({ type: 'integer', description: 'Events not yet applied', example: 0 })
  lag: number;
}

export class HealthAnswer {
  @ApiProperty({ enum: ['ok'] })
  status: 'ok';

  @ApiProperty({ enum: ['up'] })
  database: 'up';

  @ApiPropertyOptional({ example: 'v24.21.0', description: 'Signed-in staff only' })
  node?: string;

  @ApiPropertyOptional({ type: [ProjectionHealth], description: 'Signed-in staff only' })
  projections?: ProjectionHealth[];
}

export class ReadinessAnswer {
  @ApiProperty({ enum: ['ready'] })
  status: 'ready';
}
