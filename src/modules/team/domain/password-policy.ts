import { randomInt } from 'node:crypto';

export const PASSWORD_MIN_LENGTH = 12;
/** Longer inputs are refused before hashing: a huge password would make argon2 a DoS lever. */
export const PASSWORD_MAX_LENGTH = 256;

// No look-alike characters (0/O, 1/l/I): a one-time password is read off a screen and typed.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const ONE_TIME_LENGTH = 16;

/** ~93 bits of entropy; shown once to the admin who creates the account. */
export function generateOneTimePassword(): string {
  let password = '';
  for (let i = 0; i < ONE_TIME_LENGTH; i++) password += ALPHABET[randomInt(ALPHABET.length)];
  return password;
}
