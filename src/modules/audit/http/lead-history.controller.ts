import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { Roles } from '#src/platform/http/access.decorators.js';
import { ApiErrors } from '#src/platform/http/api-docs/error-responses.js';
import { ApiLeadId, LeadId } from '#src/platform/http/lead-id.js';
import { STAFF_RATE_LIMIT } from '#src/platform/http/staff-rate-limit.js';
import type { HistoryEntry } from '#src/contract/lead-history.js';
import { LeadHistoryReader } from '#src/modules/audit/queries/lead-history.reader.js';
import { HistoryEntryDto } from './dto/lead-history.responses.js';

/**
 * A lead's timeline across the lead, its mail and its visitor's visualizations. It is read here,
 * beside the audit log, so the leads module does not depend on the modules that follow leads.
 */
@ApiTags('CRM leads')
@Controller('api/admin/quotes')
@Roles('admin', 'manager', 'salesperson')
@Throttle({ default: STAFF_RATE_LIMIT })
export class LeadHistoryController {
  constructor(private readonly reader: LeadHistoryReader) {}

  @Get(':id/history')
  @ApiLeadId()
  @ApiOkResponse({ type: [HistoryEntryDto] })
  @ApiErrors(400, 404)
  history(@Param('id', LeadId()) id: string): Promise<HistoryEntry[]> {
    return this.reader.history(id);
  }
}
