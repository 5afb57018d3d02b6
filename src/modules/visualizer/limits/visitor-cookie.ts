import { createHmac, type KeyObject, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import { readCookie } from '#src/platform/http/cookies.js';
import { VISITOR_COOKIE } from '../visualizer.constants.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * An anonymous visitor id in an httpOnly cookie, signed so a visitor cannot pick another id
 * (and with it another visitor's count). The cookie carries only the id; counts live in the
 * database.
 */
export class VisitorCookie {
  constructor(private readonly secret: KeyObject) {}

  /** The visitor id from a valid signed cookie, or null. */
  read(request: Request): string | null {
    const raw = readCookie(request.headers.cookie, VISITOR_COOKIE);
    if (!raw) return null;
    const dot = raw.lastIndexOf('.');
    if (dot < 0) return null;
    const id = raw.slice(0, dot);
    const signature = Buffer.from(raw.slice(dot + 1));
    const expected = Buffer.from(this.sign(id));
    if (!UUID.test(id) || signature.length !== expected.length) return null;
    return timingSafeEqual(signature, expected) ? id : null;
  }

  /** The current visitor id, issuing a new cookie when there is no valid one. */
  ensure(request: Request, response: Response): string {
    const existing = this.read(request);
    if (existing) return existing;
    const id = randomUUID();
    response.cookie(VISITOR_COOKIE, `${id}.${this.sign(id)}`, {
      httpOnly: true,
      sameSite: 'lax',
      secure: request.secure,
      path: '/api',
      maxAge: ONE_YEAR_MS,
    });
    return id;
  }

  private sign(id: string): string {
    return createHmac('sha256', this.secret).update(`visitor:${id}`).digest('base64url');
  }
}
