import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { Refusal } from '#src/platform/domain/refusal.js';
import { Roles } from '#src/platform/http/access.decorators.js';
import { ApiBodyErrors, ApiErrors } from '#src/platform/http/api-docs/error-responses.js';
import type { ReportVocabulary } from '#src/contract/reports.js';
import { ChangeReportDefinitionCommand } from '#src/modules/reports/commands/change-report-definition/change-report-definition.command.js';
import { DefineReportCommand } from '#src/modules/reports/commands/define-report/define-report.command.js';
import { RemoveReportDefinitionCommand } from '#src/modules/reports/commands/remove-report-definition/remove-report-definition.command.js';
import {
  DefinedReports,
  definedReportApiName,
} from '#src/modules/reports/queries/defined-reports.js';
import {
  DefinedReportCreatedDto,
  ReportDefinitionDto,
  ReportVocabularyDto,
} from './dto/report-definition.dto.js';

const DEFINITION_ID = /^[0-9a-f]{10}$/;

/** A `:id` that no definition can have is simply not found. */
function definitionId(id: string): string {
  if (!DEFINITION_ID.test(id)) throw new Refusal('not_found', `No report defined as ${id}`);
  return id;
}

@ApiTags('Reports')
@Controller('api/admin/report-definitions')
@Roles('admin')
export class ReportDefinitionsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly defined: DefinedReports,
  ) {}

  @Get('vocabulary')
  @ApiOperation({
    summary: 'The event types a report can read (with their numeric fields) and the groupings',
  })
  @ApiOkResponse({ type: ReportVocabularyDto })
  vocabulary(): ReportVocabulary {
    return this.defined.vocabulary();
  }

  @Post()
  @ApiOperation({
    summary: 'Define a report; it is built from the whole log in the background and then kept live',
  })
  @ApiCreatedResponse({ type: DefinedReportCreatedDto })
  @ApiBodyErrors()
  async define(@Body() body: ReportDefinitionDto): Promise<DefinedReportCreatedDto> {
    const { definitionId } = await this.commandBus.execute(new DefineReportCommand(body.toInput()));
    return { name: definedReportApiName(definitionId) };
  }

  @Put(':id')
  @HttpCode(204)
  @ApiOperation({
    summary:
      'Edit a defined report: a new revision is built beside the old one, which it then replaces',
  })
  @ApiParam({ name: 'id', example: '3fa9c01b7e' })
  @ApiNoContentResponse()
  @ApiBodyErrors()
  @ApiErrors(404)
  async change(@Param('id') id: string, @Body() body: ReportDefinitionDto): Promise<void> {
    await this.commandBus.execute(
      new ChangeReportDefinitionCommand(definitionId(id), body.toInput()),
    );
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Remove a defined report and drop its tables' })
  @ApiParam({ name: 'id', example: '3fa9c01b7e' })
  @ApiNoContentResponse()
  @ApiErrors(404)
  async remove(@Param('id') id: string): Promise<void> {
    await this.commandBus.execute(new RemoveReportDefinitionCommand(definitionId(id)));
  }
}
