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
/** More than the staff's tokens of a working day; past it the cache starts over. */
const VERIFIED_CACHE_SIZE = 1000;

/**
 * HS256 tokens naming a server-side session. The algorithm is pinned when verifying, so `none`
 * or an asymmetric-key trick is refused; expiry and not-before are checked by the library.
 */
@Injectable()
export class TokenService {
  /**
   * Tokens whose signature was checked, with their claims and expiry. A signature stays valid,
   * so every request of a session need not verify it again; the session row is still checked
   * on each request (SessionsRepository), and expiry here.
   */
  private readonly verified = new Map<string, { claims: SessionClaims; expiresAt: number }>();

  constructor(private readonly jwt: JwtService) {}

  issue(claims: SessionClaims): string {
    return this.jwt.sign(claims, { algorithm: 'HS256', expiresIn: SESSION_TTL_SECONDS });
  }

  /** The claims of a valid token, or null for anything else. */
  read(token: string): SessionClaims | null {
    const known = this.verified.get(token);
    if (known && known.expiresAt > Date.now()) return known.claims;
    const checked = this.verify(token);
    if (!checked) return null;
    if (checked.expiresAt !== null) {
      if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.clear();
      this.verified.set(token, { claims: checked.claims, expiresAt: checked.expiresAt });
    }
    return checked.claims;
  }

  /** Checks signature, algorithm and times; `expiresAt` is null when it may not be cached. */
  private verify(token: string): { claims: SessionClaims; expiresAt: number | null } | null {
    try {
      const payload = this.jwt.verify<Partial<SessionClaims> & { exp?: number; nbf?: number }>(
        token,
        { algorithms: ['HS256'] },
      );
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
      if (!UUID.test(payload.sub) || !UUID.test(payload.sid)) return null;
      // Only a token that expires, and has no not-before, stays valid until a known time.
      const cacheable = typeof payload.exp === 'number' && payload.nbf === undefined;
      return {
        claims: { sub: payload.sub, sid: payload.sid },
        expiresAt: cacheable ? payload.exp! * 1000 : null,
      };
    } catch {
      return null;
    }
  }
}
