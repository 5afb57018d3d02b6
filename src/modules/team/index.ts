/** The public face of the team module: what other modules may import (docs/architecture.md#modules). */
export * from './domain/member.events.js';
export { MembersReader } from './queries/members.reader.js';
export {
  PASSWORD_RESET_TTL_MS,
  PasswordResets,
  type ResetLinkToSend,
} from './auth/password-resets.js';
export type { TeamMember } from '#src/contract/team.js';
export { TeamModule } from './team.module.js';
