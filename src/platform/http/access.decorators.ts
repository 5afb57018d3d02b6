import { SetMetadata } from '@nestjs/common';

export type StaffRole = 'admin' | 'manager' | 'salesperson';
export const STAFF_ROLES: readonly StaffRole[] = ['admin', 'manager', 'salesperson'];

export const PUBLIC_ACCESS = 'app:public';
export const ROLES_ACCESS = 'app:roles';

/** Anyone may call this route. Every route declares either this or @Roles. */
export const Public = () => SetMetadata(PUBLIC_ACCESS, true);

/** Only signed-in staff with one of these roles may call this route. */
export const Roles = (...roles: StaffRole[]) => SetMetadata(ROLES_ACCESS, roles);
