import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { SESSION_TTL_SECONDS } from './sessions.repository.js';

export interface SessionClaims {
  /** Member id. */
  sub: string;
  /** Session row id. */
  sid: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * HS256 tokens naming a server-side session. The algorithm is pinned when verifying, so `none`
 * or an asymmetric-key trick is refused; expiry and not-before are checked by the library.
 */
@Injectable()
export class TokenService {
  constructor(private readonly jwt: JwtService) {}

  issue(claims: SessionClaims): string {
    return this.jwt.sign(claims, { algorithm: 'HS256', expiresIn: SESSION_TTL_SECONDS });
  }

  /** The claims of a valid token, or null for anything else. */
  read(token: string): SessionClaims | null {
    try {
      const payload = this.jwt.verify<Partial<SessionClaims>>(token, { algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
      if (!UUID.test(payload.sub) || !UUID.test(payload.sid)) return null;
      return { sub: payload.sub, sid: payload.sid };
    } catch {
      return null;
    }
  }
}
