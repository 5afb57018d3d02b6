import { Secret, TOTP } from 'otpauth';

const PERIOD_MS = 30_000;

/**
 * The code an authenticator app shows `steps` periods from now. A code is accepted once, one
 * step either side, so a test that needs several accepted codes uses -1, 0 and +1.
 */
export function totpCode(secret: string, steps = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: Date.now() + steps * PERIOD_MS,
  });
}

/** Waits out the end of a period, so codes made now keep their step until the server checks. */
export async function awayFromStepEdge(marginMs = 5_000): Promise<void> {
  const left = PERIOD_MS - (Date.now() % PERIOD_MS);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
