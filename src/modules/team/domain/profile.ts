import type { MemberProfile } from './member.events.js';

/** E-mails are compared case-insensitively everywhere, so they are stored lower-cased. */
export function normalizeProfile(profile: MemberProfile): MemberProfile {
  return {
    firstName: profile.firstName.trim(),
    lastName: profile.lastName.trim(),
    email: profile.email.trim().toLowerCase(),
  };
}
