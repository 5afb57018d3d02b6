import type { StaffRole } from '#src/platform/http/access.decorators.js';
import { LastAdminError, OwnAdminRoleError } from './member.errors.js';

export interface MemberSnapshot {
  id: string;
  role: StaffRole;
  isActive: boolean;
}

/** A change that could take admin rights away from `target`. */
export interface AdminLoss {
  actorId: string | null;
  target: MemberSnapshot;
  /** The target's role after the change, or null when the target is deactivated. */
  nextRole: StaffRole | null;
  activeAdmins: number;
}

/**
 * The team must always keep an active admin, and an admin never locks themself out: without
 * these two rules one click could leave nobody able to manage the team.
 */
export function assertAdminRightsKept({
  actorId,
  target,
  nextRole,
  activeAdmins,
}: AdminLoss): void {
  const losesAdmin = target.isActive && target.role === 'admin' && nextRole !== 'admin';
  const deactivatesSelf = nextRole === null && target.id === actorId;
  if (deactivatesSelf || (losesAdmin && target.id === actorId)) throw new OwnAdminRoleError();
  if (losesAdmin && activeAdmins <= 1) throw new LastAdminError();
}
