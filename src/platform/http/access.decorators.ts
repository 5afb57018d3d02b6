import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth, ApiExtension } from '@nestjs/swagger';
import { ApiErrors } from './api-docs/error-responses.js';

import type { StaffRole } from '#src/contract/team.js';

export { STAFF_ROLES, type StaffRole } from '#src/contract/team.js';

export const PUBLIC_ACCESS = 'app:public';
export const ROLES_ACCESS = 'app:roles';

/** Anyone may call this route. Every route declares either this or @Roles. */
export const Public = () => SetMetadata(PUBLIC_ACCESS, true);

/**
 * Only signed-in staff with one of these roles may call this route. The API document shows the
 * same: a bearer token, the roles allowed (`x-roles`) and the 401 and 403 answers.
 */
export const Roles = (...roles: StaffRole[]) =>
  applyDecorators(
    SetMetadata(ROLES_ACCESS, roles),
    ApiBearerAuth(),
    ApiExtension('x-roles', roles),
    ApiErrors(401, 403),
  );
