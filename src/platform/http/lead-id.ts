import { ParseUUIDPipe } from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';

/** Lead ids are UUIDs: anything else is refused with 400 before a handler runs. */
export const LeadId = () => new ParseUUIDPipe();

/** Documents the `id` path parameter that LeadId validates. */
export const ApiLeadId = () => ApiParam({ name: 'id', format: 'uuid', description: 'Lead id' });
