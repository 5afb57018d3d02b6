import { createSecretKey, hkdfSync, type KeyObject, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { AppConfig } from '#src/config/app-config.js';

/**
 * Key objects, not bytes: given raw bytes, Node's ciphers and HMACs (and the JWT library) build
 * a key object again on every call, about 15-20 µs each on Node 24.
 */
export interface AppSecrets {
  jwtSecret: KeyObject;
  dataKeyWrappingKey: KeyObject;
  cookieSecret: KeyObject;
  hashSalt: KeyObject;
  /** Signs the reply address that ties a customer's answer to its lead. */
  mailReplyKey: KeyObject;
  /** Makes a password reset link from its reset's id (docs/decisions/0125-staff-mail-and-password-reset.md). */
  passwordResetKey: KeyObject;
  /** Seals members' TOTP secrets and signs sign-in challenges (docs/decisions/0128-second-factor.md). */
  secondFactorSealingKey: KeyObject;
  secondFactorChallengeKey: KeyObject;
  /**
   * Names this installation in its backups without revealing the secret: a backup restores
   * only where the same APP_SECRET can unwrap its personal-data keys.
   */
  installationId: string;
}

/**
 * Derives every secret from APP_SECRET. Outside production a missing APP_SECRET is generated
 * once and kept in the data directory so sessions and encrypted data survive restarts.
 */
export function loadAppSecrets(config: AppConfig): AppSecrets {
  const master = Buffer.from(config.APP_SECRET ?? readOrCreateLocalSecret(config.DATA_DIR), 'utf8');
  const derive = (purpose: string) =>
    createSecretKey(Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), purpose, 32)));
  return {
    jwtSecret: derive('jwt-signing'),
    dataKeyWrappingKey: derive('data-subject-key-wrapping'),
    cookieSecret: derive('cookie-signing'),
    hashSalt: derive('ip-hash-salt'),
    mailReplyKey: derive('mail-reply-address'),
    passwordResetKey: derive('password-reset-link'),
    secondFactorSealingKey: derive('second-factor-secret-sealing'),
    secondFactorChallengeKey: derive('second-factor-challenge'),
    installationId: Buffer.from(
      hkdfSync('sha256', master, Buffer.alloc(0), 'backup-installation', 8),
    ).toString('hex'),
  };
}

function readOrCreateLocalSecret(dataDir: string): string {
  const file = join(resolve(dataDir), 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(resolve(dataDir), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}
