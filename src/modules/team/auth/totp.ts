import { Secret, TOTP } from 'otpauth';
import { SECOND_FACTOR_CODE_DIGITS } from '#src/contract/team.js';

/**
 * RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30 seconds. One step either
 * side is accepted, for a phone's clock that is a little off.
 */
const PARAMETERS = { algorithm: 'SHA1', digits: SECOND_FACTOR_CODE_DIGITS, period: 30 } as const;
const WINDOW = 1;
const ISSUER = 'Keittiökalvo admin';

/** A new random secret (160 bits, as RFC 4226 recommends), in base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function totpUri(secretBase32: string, email: string): string {
  return new TOTP({
    ...PARAMETERS,
    issuer: ISSUER,
    label: email,
    secret: Secret.fromBase32(secretBase32),
  }).toString();
}

/**
 * The time step a code belongs to, or null when it matches none near `now`. The step, not the
 * code, is what is remembered so that a code is never accepted twice.
 */
export function totpStep(secretBase32: string, code: string, now = Date.now()): number | null {
  const delta = TOTP.validate({
    ...PARAMETERS,
    token: code,
    secret: Secret.fromBase32(secretBase32),
    timestamp: now,
    window: WINDOW,
  });
  return delta === null ? null : Math.floor(now / 1000 / PARAMETERS.period) + delta;
}
