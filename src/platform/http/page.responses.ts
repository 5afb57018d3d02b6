import { ApiProperty } from '@nestjs/swagger';

/** Which page a paged list answers with: its number (from 1) and its size, as asked for. */
export class PageInfoDto {
  @ApiProperty({ type: 'integer', example: 1 })
  page: number;

  @ApiProperty({ type: 'integer', example: 25 })
  pageSize: number;
}
