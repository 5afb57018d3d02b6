import { Controller, Delete, Get, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { Roles } from '#src/platform/http/access.decorators.js';
import { STAFF_RATE_LIMIT } from './staff-rate-limit.js';
import { RestoreLeadCommand } from '#src/modules/leads/commands/restore-lead/restore-lead.command.js';
import { TrashLeadCommand } from '#src/modules/leads/commands/trash-lead/trash-lead.command.js';
import { LeadReadRepository } from '#src/modules/leads/queries/lead-read.repository.js';
import type { LeadView } from '#src/modules/leads/queries/lead.views.js';
import { ExpectedVersionQuery } from './dto/lead-requests.dto.js';

/** The Recycle Bin: soft delete, restore and the trashed leads (docs/product.md#http-api). */
@ApiTags('CRM recycle bin')
@ApiBearerAuth()
@Controller('api/quotes')
@Roles('admin', 'manager', 'salesperson')
@Throttle({ default: STAFF_RATE_LIMIT })
export class LeadsBinController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly reads: LeadReadRepository,
  ) {}

  @Get('deleted')
  deleted(): Promise<LeadView[]> {
    return this.reads.listDeleted();
  }

  @Get('deleted/count')
  async deletedCount(): Promise<{ count: number }> {
    return { count: await this.reads.countDeleted() };
  }

  @Delete(':id/soft')
  async trash(
    @Param('id', new ParseUUIDPipe()) id: string,
    @Query() query: ExpectedVersionQuery,
  ): Promise<{ id: string; version: number }> {
    const { version } = await this.commandBus.execute(
      new TrashLeadCommand(id, query.expectedVersion),
    );
    return { id, version };
  }

  @Post(':id/restore')
  async restore(
    @Param('id', new ParseUUIDPipe()) id: string,
    @Query() query: ExpectedVersionQuery,
  ): Promise<{ id: string; version: number }> {
    const { version } = await this.commandBus.execute(
      new RestoreLeadCommand(id, query.expectedVersion),
    );
    return { id, version };
  }
}
