import { LastAdminError, OwnAdminRoleError } from './member.errors.js';
import { assertAdminRightsKept } from './team-rules.js';

const admin = { id: 'a', role: 'admin' as const, isActive: true };
const manager = { id: 'm', role: 'manager' as const, isActive: true };

describe(assertAdminRightsKept.name, () => {
  it('should refuse demoting the last active admin', () => {
    expect(() =>
      assertAdminRightsKept({ actorId: 'x', target: admin, nextRole: 'manager', activeAdmins: 1 }),
    ).toThrow(LastAdminError);
  });

  it('should refuse deactivating the last active admin', () => {
    expect(() =>
      assertAdminRightsKept({ actorId: 'x', target: admin, nextRole: null, activeAdmins: 1 }),
    ).toThrow(LastAdminError);
  });

  it('should refuse an admin removing their own admin role even with other admins', () => {
    expect(() =>
      assertAdminRightsKept({
        actorId: 'a',
        target: admin,
        nextRole: 'salesperson',
        activeAdmins: 3,
      }),
    ).toThrow(OwnAdminRoleError);
  });

  it('should refuse deactivating oneself', () => {
    expect(() =>
      assertAdminRightsKept({ actorId: 'm', target: manager, nextRole: null, activeAdmins: 2 }),
    ).toThrow(OwnAdminRoleError);
  });

  it('should allow demoting an admin while another admin stays', () => {
    expect(() =>
      assertAdminRightsKept({ actorId: 'x', target: admin, nextRole: 'manager', activeAdmins: 2 }),
    ).not.toThrow();
  });

  it('should allow changing a non-admin freely', () => {
    expect(() =>
      assertAdminRightsKept({ actorId: 'x', target: manager, nextRole: null, activeAdmins: 1 }),
    ).not.toThrow();
  });
});
