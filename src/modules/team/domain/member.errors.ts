import { BadRequestException, ConflictException, ForbiddenException } from '@nestjs/common';

export class EmailTakenError extends ConflictException {
  constructor() {
    super('Another team member already uses this email');
  }
}

export class LastAdminError extends ConflictException {
  constructor() {
    super('The last active admin cannot be removed or demoted');
  }
}

export class OwnAdminRoleError extends ForbiddenException {
  constructor() {
    super('You cannot remove your own admin role or deactivate yourself');
  }
}

export class WrongCurrentPasswordError extends BadRequestException {
  constructor() {
    super('currentPassword is incorrect');
  }
}

export class SamePasswordError extends BadRequestException {
  constructor() {
    super('newPassword must differ from the current password');
  }
}

/** `reason` from the password policy: the new password is common or holds the e-mail. */
export class WeakPasswordError extends BadRequestException {
  constructor(field: string, reason: string) {
    super(`${field} ${reason}`);
  }
}
