import { randomInt } from 'node:crypto';
import { dictionary } from '@zxcvbn-ts/language-common';

import { PASSWORD_MIN_LENGTH } from '#src/contract/team.js';

export { PASSWORD_MIN_LENGTH };
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

/**
 * The most used passwords, as leaked password lists rank them. A 12-character minimum alone
 * lets `password1234` through.
 */
let commonPasswords: Set<string> | undefined;
/** Built at the first password check, not at start-up: passwords are set rarely. */
const isCommon = (password: string) =>
  (commonPasswords ??= new Set(dictionary['passwords-common'])).has(password);
/** Digits and symbols tacked on the end: `sunshine2024!` is `sunshine` to a guesser. */
const TRAILING_DIGITS_AND_SYMBOLS = /[\p{N}\p{P}\p{S}\s]+$/u;
/** Shorter name parts (`jo@…`) turn up inside too many good passwords to refuse them. */
const MIN_NAME_PART_LENGTH = 3;

export const COMMON_PASSWORD = 'is one of the most commonly used passwords; choose another';
export const PASSWORD_HAS_EMAIL = 'must not contain your e-mail address or its name part';

/**
 * Why a new password cannot be used, or null: it is (or only adds digits and symbols to) a
 * common password, or it contains the member's e-mail address or the part before the @.
 */
export function passwordWeakness(password: string, email: string): string | null {
  const lowered = password.toLowerCase();
  const base = lowered.replace(TRAILING_DIGITS_AND_SYMBOLS, '');
  if (isCommon(lowered) || isCommon(base)) return COMMON_PASSWORD;
  const address = email.trim().toLowerCase();
  const namePart = address.split('@')[0];
  if (
    (address && lowered.includes(address)) ||
    (namePart.length >= MIN_NAME_PART_LENGTH && lowered.includes(namePart))
  ) {
    return PASSWORD_HAS_EMAIL;
  }
  return null;
}
