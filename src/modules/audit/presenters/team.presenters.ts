import {
  type LoginFailedData,
  type LoginFailureReason,
  MemberEvents,
  type MemberPasswordChangedData,
  type MemberRoleChangedData,
  type PasswordResetRefusalReason,
  type PasswordResetRefusedData,
} from '#src/modules/team/index.js';
import type { PresenterInput, PresenterTable, TargetedSentence } from './presenter.types.js';

function onMember(
  { event, names }: PresenterInput,
  sentence: (member: string) => string,
): TargetedSentence {
  const memberId = event.data.memberId as string;
  return {
    target: { kind: 'member', id: memberId },
    sentence: sentence(names.member(memberId)),
  };
}

const FAILURE_WORDS: Record<LoginFailureReason, string> = {
  unknown_account: 'no member has that e-mail',
  wrong_password: 'wrong password',
  inactive: 'the account is deactivated',
  wrong_code: 'wrong code at the second step',
};

const RESET_REFUSAL_WORDS: Record<PasswordResetRefusalReason, string> = {
  unknown_account: 'no member has that e-mail',
  inactive: 'the account is deactivated',
};

export const teamPresenters: PresenterTable = {
  [MemberEvents.MemberAdded]: (input) =>
    onMember(
      input,
      (member) => `${input.actor} added ${member} to the team as ${String(input.event.data.role)}`,
    ),
  [MemberEvents.MemberProfileChanged]: (input) =>
    onMember(input, (member) => `${input.actor} changed the profile of ${member}`),
  [MemberEvents.MemberRoleChanged]: (input) => {
    const { role, previousRole } = input.event.data as MemberRoleChangedData;
    return onMember(
      input,
      (member) => `${input.actor} changed the role of ${member} from ${previousRole} to ${role}`,
    );
  },
  [MemberEvents.MemberDeactivated]: (input) =>
    onMember(input, (member) => `${input.actor} deactivated ${member}`),
  [MemberEvents.MemberReactivated]: (input) =>
    onMember(input, (member) => `${input.actor} reactivated ${member}`),
  [MemberEvents.MemberPasswordChanged]: (input) => {
    const { how } = input.event.data as MemberPasswordChangedData;
    return onMember(input, (member) =>
      how === 'reset'
        ? `${input.actor} issued a one-time password to ${member}`
        : how === 'link'
          ? `${member} set a new password with a reset link`
          : `${member} changed their password`,
    );
  },
  [MemberEvents.SecondFactorEnabled]: (input) =>
    onMember(input, (member) => `${member} turned on two-step sign-in`),
  [MemberEvents.SecondFactorDisabled]: (input) =>
    onMember(input, (member) => `${member} turned off two-step sign-in`),
  [MemberEvents.RecoveryCodeUsed]: (input) =>
    onMember(input, (member) => {
      const remaining = Number(input.event.data.remaining);
      return `${member} signed in with a recovery code (${remaining} left)`;
    }),
  [MemberEvents.SecondFactorPolicyChanged]: ({ actor, event }) => ({
    target: null,
    sentence: event.data.requiredForAdmins
      ? `${actor} required two-step sign-in for admins`
      : `${actor} stopped requiring two-step sign-in for admins`,
  }),
  [MemberEvents.MemberLoggedIn]: (input) => onMember(input, (member) => `${member} signed in`),
  [MemberEvents.MemberLoggedOut]: (input) => onMember(input, (member) => `${member} signed out`),
  [MemberEvents.LoginFailed]: ({ event, names }) => {
    const { memberId, reason } = event.data as LoginFailedData;
    const as = memberId ? ` as ${names.member(memberId)}` : '';
    return {
      target: memberId ? { kind: 'member', id: memberId } : null,
      sentence: `Someone failed to sign in${as}: ${FAILURE_WORDS[reason] ?? reason}`,
    };
  },
  [MemberEvents.PasswordResetRequested]: (input) =>
    onMember(input, (member) => `A password reset link was sent to ${member}`),
  [MemberEvents.PasswordResetRefused]: ({ event, names }) => {
    const { memberId, reason } = event.data as PasswordResetRefusedData;
    const of = memberId ? ` of ${names.member(memberId)}` : '';
    return {
      target: memberId ? { kind: 'member', id: memberId } : null,
      sentence: `Someone asked for a password reset link${of}, not sent: ${RESET_REFUSAL_WORDS[reason] ?? reason}`,
    };
  },
};
