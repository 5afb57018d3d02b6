import { Controller, Delete, Get, Param, Post, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { Roles } from '#src/platform/http/access.decorators.js';
import { ApiErrors } from '#src/platform/http/api-docs/error-responses.js';
import { STAFF_RATE_LIMIT } from '#src/platform/http/staff-rate-limit.js';
import { RestoreLeadCommand } from '#src/modules/leads/commands/restore-lead/restore-lead.command.js';
import { TrashLeadCommand } from '#src/modules/leads/commands/trash-lead/trash-lead.command.js';
import { LeadReader } from '#src/modules/leads/queries/lead.reader.js';
import type { LeadView } from '#src/contract/leads.js';
import { ExpectedVersionQuery } from './dto/lead-requests.dto.js';
import { CountAnswer, LeadVersionAnswer, LeadViewDto } from './dto/lead.responses.js';
import { ApiLeadId, LeadId } from '#src/platform/http/lead-id.js';

/** The Recycle Bin: soft delete, restore and the trashed leads (docs/product.md#http-api). */
@ApiTags('CRM recycle bin')
@Controller('api/quotes')
@Roles('admin', 'manager', 'salesperson')
@Throttle({ default: STAFF_RATE_LIMIT })
export class LeadsBinController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly reads: LeadReader,
  ) {}

  @Get('deleted')
  @ApiOkResponse({ type: [LeadViewDto] })
  deleted(): Promise<LeadView[]> {
    return this.reads.listDeleted();
  }

  @Get('deleted/count')
  @ApiOkResponse({ type: CountAnswer })
  async deletedCount(): Promise<{ count: number }> {
    return { count: await this.reads.countDeleted() };
  }

  @Delete(':id/soft')
  @ApiLeadId()
  @ApiOkResponse({ type: LeadVersionAnswer, description: 'Moved to the Recycle Bin' })
  @ApiErrors(400, 404, 409)
  async trash(
    @Param('id', LeadId()) id: string,
    @Query() query: ExpectedVersionQuery,
  ): Promise<{ id: string; version: number }> {
    const { version } = await this.commandBus.execute(
      new TrashLeadCommand(id, query.expectedVersion),
    );
    return { id, version };
  }

  @Post(':id/restore')
  @ApiLeadId()
  @ApiCreatedResponse({ type: LeadVersionAnswer, description: 'Back in the pipeline' })
  @ApiErrors(400, 404, 409)
  async restore(
    @Param('id', LeadId()) id: string,
    @Query() query: ExpectedVersionQuery,
  ): Promise<{ id: string; version: number }> {
    const { version } = await this.commandBus.execute(
      new RestoreLeadCommand(id, query.expectedVersion),
    );
    return { id, version };
  }
}
