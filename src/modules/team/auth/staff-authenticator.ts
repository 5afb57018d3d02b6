import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { Refusal } from '#src/platform/domain/refusal.js';
import type { AuthenticatedStaff, Authenticator } from '#src/platform/http/access.guard.js';
import { liveStreamToken } from '#src/platform/http/live-stream-cookie.js';
import { type LiveSession, SessionsRepository } from './sessions.repository.js';
import { TokenService } from './token.service.js';

/** The signed-in member as routes see it on `request.staff`: the live session, named. */
export type SignedInMember = AuthenticatedStaff & Omit<LiveSession, 'memberId'>;

export const PASSWORD_CHANGE_REQUIRED = 'Password change required';
export const SECOND_FACTOR_SETUP_REQUIRED = 'Set up two-step sign-in to continue';

/**
 * While a one-time password is in use, only these calls work: the UI can load the user, change
 * the password or sign out, and nothing else until the password is the member's own.
 */
const ALLOWED_BEFORE_PASSWORD_CHANGE = new Set([
  'GET /api/auth/verify',
  'PUT /api/auth/password',
  'POST /api/auth/logout',
]);

/**
 * An admin the team requires a second factor of, without one, has no admin rights until it is
 * set up (docs/decisions/0128-second-factor.md).
 */
const ALLOWED_BEFORE_SECOND_FACTOR_SETUP = new Set([
  'GET /api/auth/verify',
  'POST /api/auth/logout',
  'POST /api/auth/second-factor/setup',
  'POST /api/auth/second-factor/confirm',
]);

const JWT = '[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]*\\.[A-Za-z0-9_-]*';
const BEARER = new RegExp(`^Bearer (${JWT})$`);
const COOKIE_TOKEN = new RegExp(`^${JWT}$`);

/** Without a bearer header: the live stream's cookie, which only its own route reads. */
function streamToken(request: Request): string | null {
  if (request.headers.authorization) return null;
  const token = liveStreamToken(request);
  return token && COOKIE_TOKEN.test(token) ? token : null;
}

@Injectable()
export class StaffAuthenticator implements Authenticator {
  constructor(
    private readonly tokens: TokenService,
    private readonly sessions: SessionsRepository,
  ) {}

  async authenticate(request: Request): Promise<SignedInMember | null> {
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1] ?? streamToken(request);
    if (!token) return null;
    const claims = this.tokens.read(token);
    if (!claims) return null;
    const session = await this.sessions.findLive(claims.sid, claims.sub);
    if (!session) return null;
    const route = `${request.method} ${request.path}`;
    if (session.mustChangePassword && !ALLOWED_BEFORE_PASSWORD_CHANGE.has(route)) {
      throw new Refusal('forbidden', PASSWORD_CHANGE_REQUIRED);
    }
    if (session.mustSetUpSecondFactor && !ALLOWED_BEFORE_SECOND_FACTOR_SETUP.has(route)) {
      throw new Refusal('forbidden', SECOND_FACTOR_SETUP_REQUIRED);
    }
    return toSignedInMember(session);
  }
}

function toSignedInMember({ memberId, ...session }: LiveSession): SignedInMember {
  return {
    ...session,
    id: memberId,
    name: `${session.firstName} ${session.lastName}`.trim() || session.email,
  };
}
