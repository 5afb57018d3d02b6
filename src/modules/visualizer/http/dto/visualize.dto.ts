import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';

export class VisualizeDto {
  @ApiProperty({ description: 'The photo as base64, without a data-URL prefix (max 15 MB).' })
  @IsString()
  @IsNotEmpty()
  // 15 MB as base64 plus slack; the exact byte limit is checked after decoding (413).
  @MaxLength(22 * 1024 * 1024)
  kitchenImage: string;

  @ApiProperty({ example: 'NH10', description: 'A pattern code from the catalogue.' })
  @IsString()
  @Matches(/^[A-Z0-9]{1,12}$/, { message: 'patternId must be a pattern code such as NH10' })
  patternId: string;
}

export class VisualizeResponseDto {
  @ApiProperty({ example: '/api/visualizations/q5Jc0yZ0b2m3T1aVZb6ZqA.jpg' })
  imageUrl: string;
}

export class VisualizerStatusDto {
  @ApiProperty({ description: 'Free renders left for this browser (3 at most).', example: 3 })
  remaining: number;

  @ApiProperty({ description: 'Signed-in staff render without limits.', example: false })
  unlimited: boolean;
}
