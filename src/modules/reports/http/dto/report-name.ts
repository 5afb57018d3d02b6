import { applyDecorators } from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';

/** The `:name` of a report route; a name no report has answers 404. */
export const ApiReportName = () =>
  applyDecorators(ApiParam({ name: 'name', example: 'report_revenue' }));
