import { Command } from '@nestjs/cqrs';
import type { StaffRole } from '#src/platform/http/access.decorators.js';

export interface LoginUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: StaffRole;
  mustChangePassword: boolean;
}

export interface LoginResult {
  success: true;
  token: string;
  user: LoginUser;
}

/** Checks a password and opens a session. */
export class LogInCommand extends Command<LoginResult> {
  constructor(
    readonly email: string,
    readonly password: string,
    /** Keyed hash of the client IP, for the per-client throttle. */
    readonly ipHash: string | undefined,
  ) {
    super();
  }
}
