import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { Roles } from '#src/platform/http/access.decorators.js';
import { ApiBodyErrors, ApiErrors } from '#src/platform/http/api-docs/error-responses.js';
import { STAFF_RATE_LIMIT } from '#src/platform/http/staff-rate-limit.js';
import { AddPipelineColumnCommand } from '#src/modules/leads/commands/add-pipeline-column/add-pipeline-column.command.js';
import { EditPipelineColumnCommand } from '#src/modules/leads/commands/edit-pipeline-column/edit-pipeline-column.command.js';
import { RemovePipelineColumnCommand } from '#src/modules/leads/commands/remove-pipeline-column/remove-pipeline-column.command.js';
import type { PipelineColumn } from '#src/modules/leads/domain/pipeline.events.js';
import { PipelineColumnsRepository } from '#src/modules/leads/infrastructure/pipeline-columns.repository.js';
import { AddColumnDto, EditColumnDto, RemoveColumnQuery } from './dto/lead-requests.dto.js';
import { MovedLeadsAnswer, PipelineColumnDto } from './dto/lead.responses.js';

const ApiColumnId = () => ApiParam({ name: 'id', description: 'Column id', example: 'contacted' });

/** Pipeline stages shared by all staff (docs/decisions/0008-pipeline-columns-on-server.md). */
@ApiTags('CRM pipeline')
@Controller('api/admin/pipeline-columns')
@Roles('admin', 'manager', 'salesperson')
@Throttle({ default: STAFF_RATE_LIMIT })
export class PipelineColumnsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly columns: PipelineColumnsRepository,
  ) {}

  @Get()
  @ApiOkResponse({ type: [PipelineColumnDto] })
  async list(): Promise<readonly PipelineColumn[]> {
    return (await this.columns.load()).columns;
  }

  @Post()
  @ApiCreatedResponse({ type: PipelineColumnDto })
  @ApiBodyErrors()
  @ApiErrors(409)
  add(@Body() dto: AddColumnDto): Promise<PipelineColumn> {
    return this.commandBus.execute(new AddPipelineColumnCommand(dto.name, dto.color));
  }

  @Put(':id')
  @ApiColumnId()
  @ApiOkResponse({ type: PipelineColumnDto })
  @ApiBodyErrors()
  @ApiErrors(404, 409)
  edit(@Param('id') id: string, @Body() dto: EditColumnDto): Promise<PipelineColumn> {
    return this.commandBus.execute(new EditPipelineColumnCommand(id, dto));
  }

  @Delete(':id')
  @ApiColumnId()
  @ApiOkResponse({ type: MovedLeadsAnswer })
  @ApiErrors(400, 404, 409)
  remove(
    @Param('id') id: string,
    @Query() query: RemoveColumnQuery,
  ): Promise<{ movedLeads: number }> {
    return this.commandBus.execute(new RemovePipelineColumnCommand(id, query.moveLeadsTo ?? null));
  }
}
