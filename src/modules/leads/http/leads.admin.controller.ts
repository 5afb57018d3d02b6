import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiCreatedResponse,
  ApiExtraModels,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { Roles } from '#src/platform/http/access.decorators.js';
import { ApiIfMatch, IfMatchVersion } from '#src/platform/http/if-match-version.decorator.js';
import { ApiBodyErrors, ApiErrors } from '#src/platform/http/api-docs/error-responses.js';
import { STAFF_RATE_LIMIT } from '#src/platform/http/staff-rate-limit.js';
import { RecordDataAccessCommand } from '#src/platform/data-access/record-data-access.command.js';
import { CreateLeadCommand } from '#src/modules/leads/commands/create-lead/create-lead.command.js';
import { EraseLeadCommand } from '#src/modules/leads/commands/erase-lead/erase-lead.command.js';
import { MergeLeadCommand } from '#src/modules/leads/commands/merge-lead/merge-lead.command.js';
import { UpdateLeadCommand } from '#src/modules/leads/commands/update-lead/update-lead.command.js';
import { LeadReader } from '#src/modules/leads/queries/lead.reader.js';
import { DuplicateLeadsReader } from '#src/modules/leads/queries/duplicate-leads.reader.js';
import {
  BLANK_CONTACT,
  type LeadDetails,
  type LeadOwner,
  type LeadPage,
  type LeadStats,
  type LeadView,
} from '#src/contract/leads.js';
import { finnishDay } from '#src/contract/finnish-day.js';
import { MembersReader } from '#src/modules/team/index.js';
import {
  ChangeLeadStatusDto,
  CreateLeadDto,
  ExpectedVersionQuery,
  FollowUpsQuery,
  ListLeadsQuery,
  MergeLeadDto,
  UpdateLeadDto,
} from './dto/lead-requests.dto.js';
import {
  LeadDetailsDto,
  LeadOwnerDto,
  LeadPageDto,
  LeadStatsDto,
  LeadStatusAnswer,
  LeadViewDto,
} from './dto/lead.responses.js';
import { ApiLeadId, LeadId } from '#src/platform/http/lead-id.js';
import { toLeadParts } from './lead-mapping.js';

@ApiTags('CRM leads')
@Controller('api/admin/quotes')
@Roles('admin', 'manager', 'salesperson')
@Throttle({ default: STAFF_RATE_LIMIT })
@ApiExtraModels(LeadViewDto, LeadPageDto)
export class LeadsAdminController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly reads: LeadReader,
    private readonly members: MembersReader,
    private readonly duplicates: DuplicateLeadsReader,
  ) {}

  /** No parameters: all active leads as a plain array (docs/product.md#http-api); else one page. */
  @Get()
  @ApiOperation({
    summary: 'Active leads: every one as an array without parameters, else one page',
  })
  @ApiOkResponse({
    schema: {
      oneOf: [
        { type: 'array', items: { $ref: getSchemaPath(LeadViewDto) } },
        { $ref: getSchemaPath(LeadPageDto) },
      ],
    },
  })
  @ApiErrors(400)
  async list(@Query() query: ListLeadsQuery): Promise<LeadView[] | LeadPage> {
    if (Object.values(query).every((value) => value === undefined)) return this.reads.listAll();
    return this.reads.list({
      search: query.search,
      status: query.status,
      owner: query.owner,
      sort: query.sort,
      page: query.page ?? 1,
      pageSize: query.pageSize ?? 25,
    });
  }

  @Get('stats')
  @ApiOkResponse({ type: LeadStatsDto })
  stats(): Promise<LeadStats> {
    return this.reads.stats();
  }

  /** The Overview's list: follow-ups due today in Finland or overdue, soonest first. */
  @Get('follow-ups')
  @ApiOkResponse({ type: [LeadViewDto] })
  @ApiErrors(400)
  followUps(@Query() query: FollowUpsQuery): Promise<LeadView[]> {
    return this.reads.followUpsDue(finnishDay(new Date()), query.owner);
  }

  /** Who a lead can be given to: the active members, by name. */
  @Get('owners')
  @ApiOkResponse({ type: [LeadOwnerDto] })
  async owners(): Promise<LeadOwner[]> {
    return (await this.members.list())
      .filter((m) => m.isActive)
      .map((m) => ({ id: m.id, name: `${m.firstName} ${m.lastName}`.trim() || m.email }));
  }

  /** The lead's details as the dashboard opens them: each opening is recorded for the audit log. */
  @Get(':id')
  @ApiLeadId()
  @ApiOkResponse({ type: LeadDetailsDto })
  @ApiErrors(400, 404)
  async get(@Param('id', LeadId()) id: string): Promise<LeadDetails> {
    const [lead, duplicates] = await Promise.all([
      this.reads.get(id),
      this.duplicates.linkedTo(id),
    ]);
    await this.commandBus.execute(
      new RecordDataAccessCommand({ type: 'LeadDetailsViewed', data: { leadId: id } }),
    );
    return { ...lead, duplicates };
  }

  @Post('create-lead')
  @ApiCreatedResponse({ type: LeadViewDto })
  @ApiBodyErrors()
  async create(@Body() dto: CreateLeadDto): Promise<LeadView> {
    const { contact, order } = toLeadParts(dto);
    const { leadId } = await this.commandBus.execute(
      new CreateLeadCommand({
        source: 'manual',
        customer: { ...BLANK_CONTACT, ...contact, country: contact.country || 'FI' },
        message: dto.message?.trim() || undefined,
        doorStyle: order.doorStyle ?? 'Kehysovi',
        doors: order.doors ?? 0,
        drawers: order.drawers ?? 0,
        metres: order.metres ?? 0,
        totalPrice: order.totalPrice ?? 0,
        status: dto.status,
        notes: dto.notes?.trim() || undefined,
      }),
    );
    return this.reads.get(leadId);
  }

  /** The board's drag and drop and quick notes; answers only what a board needs, cheaply. */
  @Put(':id')
  @ApiLeadId()
  @ApiOkResponse({ type: LeadStatusAnswer })
  @ApiIfMatch()
  @ApiBodyErrors()
  @ApiErrors(404, 409)
  async changeStatus(
    @Param('id', LeadId()) id: string,
    @Body() dto: ChangeLeadStatusDto,
    @IfMatchVersion() ifMatch: number | undefined,
  ): Promise<{ id: string; status: string | undefined; version: number }> {
    const { version } = await this.commandBus.execute(
      new UpdateLeadCommand({
        leadId: id,
        expectedVersion: dto.expectedVersion ?? ifMatch,
        status: dto.status,
        notes: dto.notes,
      }),
    );
    return { id, status: dto.status, version };
  }

  @Put(':id/update-lead')
  @ApiLeadId()
  @ApiOkResponse({ type: LeadViewDto })
  @ApiIfMatch()
  @ApiBodyErrors()
  @ApiErrors(404, 409)
  async update(
    @Param('id', LeadId()) id: string,
    @Body() dto: UpdateLeadDto,
    @IfMatchVersion() ifMatch: number | undefined,
  ): Promise<LeadView> {
    const { contact, order } = toLeadParts(dto);
    await this.commandBus.execute(
      new UpdateLeadCommand({
        leadId: id,
        expectedVersion: dto.expectedVersion ?? ifMatch,
        contact,
        order,
        status: dto.status,
        notes: dto.notes,
        ownerId: dto.ownerId,
        followUpOn: dto.followUpOn,
        followUpNote: dto.followUpNote,
        followUpDone: dto.followUpDone,
      }),
    );
    return this.reads.get(id);
  }

  /**
   * Merges the lead into another one, which keeps both histories; the merged lead leaves the
   * board and the Recycle Bin for good (docs/product.md#duplicates). Answers the survivor.
   */
  @Post(':id/merge')
  @HttpCode(200)
  @ApiLeadId()
  @ApiOkResponse({ type: LeadDetailsDto })
  @ApiIfMatch()
  @ApiBodyErrors()
  @ApiErrors(404, 409)
  async merge(
    @Param('id', LeadId()) id: string,
    @Body() dto: MergeLeadDto,
    @IfMatchVersion() ifMatch: number | undefined,
  ): Promise<LeadDetails> {
    await this.commandBus.execute(
      new MergeLeadCommand(id, dto.into.toLowerCase(), dto.expectedVersion ?? ifMatch),
    );
    const [lead, duplicates] = await Promise.all([
      this.reads.get(dto.into),
      this.duplicates.linkedTo(dto.into),
    ]);
    return { ...lead, duplicates };
  }

  /** GDPR erasure, only for leads already in the Recycle Bin (docs/product.md#erasure). */
  @Delete(':id')
  @Roles('admin')
  @HttpCode(204)
  @ApiLeadId()
  @ApiNoContentResponse({ description: 'Erased: its personal data can no longer be read' })
  @ApiErrors(400, 404, 409)
  async erase(
    @Param('id', LeadId()) id: string,
    @Query() query: ExpectedVersionQuery,
  ): Promise<void> {
    await this.commandBus.execute(new EraseLeadCommand(id, query.expectedVersion));
  }
}
