import { Refusal } from '#src/platform/domain/refusal.js';

export class EmailTakenError extends Refusal {
  constructor() {
    super('conflict', 'Another team member already uses this email');
  }
}

export class LastAdminError extends Refusal {
  constructor() {
    super('conflict', 'The last active admin cannot be removed or demoted');
  }
}

export class OwnAdminRoleError extends Refusal {
  constructor() {
    super('forbidden', 'You cannot remove your own admin role or deactivate yourself');
  }
}

export class WrongCurrentPasswordError extends Refusal {
  constructor() {
    super('invalid', 'currentPassword is incorrect');
  }
}

export class SamePasswordError extends Refusal {
  constructor() {
    super('invalid', 'newPassword must differ from the current password');
  }
}

/** `reason` from the password policy: the new password is common or holds the e-mail. */
export class WeakPasswordError extends Refusal {
  constructor(field: string, reason: string) {
    super('invalid', `${field} ${reason}`);
  }
}

export class MemberExistsError extends Refusal {
  constructor() {
    super('conflict', 'The team member already exists');
  }
}

export class MemberNotFoundError extends Refusal {
  constructor() {
    super('not_found', 'Team member not found');
  }
}

export class MemberInactiveError extends Refusal {
  constructor() {
    super('forbidden', 'The team member is deactivated');
  }
}

/** A reset link that names no reset we sent (mistyped, or made up). */
export class ResetLinkInvalidError extends Refusal {
  constructor() {
    super('invalid', 'This password reset link is not valid. Ask for a new one.');
  }
}

export class ResetLinkExpiredError extends Refusal {
  constructor() {
    super('gone', 'This password reset link has expired. Ask for a new one.');
  }
}

export class ResetLinkUsedError extends Refusal {
  constructor() {
    super('gone', 'This password reset link was already used. Ask for a new one.');
  }
}

export class SecondFactorAlreadyOnError extends Refusal {
  constructor() {
    super('conflict', 'Two-step sign-in is already on');
  }
}

export class SecondFactorOffError extends Refusal {
  constructor() {
    super('conflict', 'Two-step sign-in is not on');
  }
}

/** An admin may not turn off what the team requires of admins. */
export class SecondFactorRequiredError extends Refusal {
  constructor() {
    super('forbidden', 'The team requires two-step sign-in for admins');
  }
}

export class OwnSecondFactorFirstError extends Refusal {
  constructor() {
    super('conflict', 'Turn on two-step sign-in for yourself before requiring it of admins');
  }
}

export class SecondFactorSetupMissingError extends Refusal {
  constructor() {
    super('conflict', 'Start setting up two-step sign-in first');
  }
}

/** `field` names the input at fault: `code` or `recoveryCode`. */
export class WrongSecondFactorCodeError extends Refusal {
  constructor(field = 'code') {
    super('invalid', `${field} is incorrect or was already used`);
  }
}

export class SignInChallengeError extends Refusal {
  constructor() {
    super('unauthorized', 'This sign-in has expired. Sign in again.');
  }
}

export class WrongPasswordError extends Refusal {
  constructor() {
    super('invalid', 'password is incorrect');
  }
}
