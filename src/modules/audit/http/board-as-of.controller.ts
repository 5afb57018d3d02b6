import { BadRequestException, Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '#src/platform/http/access.decorators.js';
import { ApiErrors } from '#src/platform/http/api-docs/error-responses.js';
import type { BoardAsOf } from '#src/contract/board-history.js';
import { BoardAsOfReader } from '#src/modules/audit/queries/board-as-of.reader.js';
import { BoardAsOfDto, BoardAsOfQuery } from './dto/board-as-of.dto.js';

/** The pipeline as it was: read-only, computed from the log (docs/product.md#the-pipeline-as-it-was). */
@ApiTags('audit')
@Controller('api/admin/pipeline')
@Roles('admin', 'manager', 'salesperson')
export class BoardAsOfController {
  constructor(private readonly reader: BoardAsOfReader) {}

  @Get('as-of')
  @ApiOperation({
    summary: 'The kanban columns, their leads and the overview totals at a past moment',
  })
  @ApiOkResponse({ type: BoardAsOfDto })
  @ApiErrors(400)
  boardAt(@Query() query: BoardAsOfQuery): Promise<BoardAsOf> {
    const at = new Date(query.at);
    if (at.getTime() > Date.now()) throw new BadRequestException('at must not be in the future');
    return this.reader.boardAt(at, query.cardsPerColumn ?? 10);
  }
}
