import { Secret, TOTP } from 'otpauth';
import { newTotpSecret, totpStep, totpUri } from './totp.js';

const codeAt = (secret: string, timestamp: number) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp });

describe('totp', () => {
  const secret = newTotpSecret();
  const now = Date.UTC(2026, 11, 7, 6, 0, 10);
  const step = Math.floor(now / 30_000);

  it('should make a 160-bit base32 secret and an otpauth URI apps read', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = totpUri(secret, 'aino@keittiokalvo.fi');
    expect(uri).toMatch(/^otpauth:\/\/totp\/Keitti%C3%B6kalvo%20admin:aino%40keittiokalvo\.fi\?/);
    expect(uri).toContain(`secret=${secret}`);
    expect(uri).toContain('algorithm=SHA1&digits=6&period=30');
  });

  it('should tell the step of a code of now or one step either side', () => {
    expect(totpStep(secret, codeAt(secret, now), now)).toBe(step);
    expect(totpStep(secret, codeAt(secret, now - 30_000), now)).toBe(step - 1);
    expect(totpStep(secret, codeAt(secret, now + 30_000), now)).toBe(step + 1);
  });

  it('should refuse a code two steps away, or of another secret', () => {
    expect(totpStep(secret, codeAt(secret, now - 60_000), now)).toBeNull();
    expect(totpStep(secret, codeAt(newTotpSecret(), now), now)).toBeNull();
  });
});
