import {
  type LoginFailedData,
  type LoginFailureReason,
  MemberEvents,
  type MemberPasswordChangedData,
  type MemberRoleChangedData,
} from '#src/modules/team/domain/member.events.js';
import type { PresentedEvent } from '#src/modules/audit/domain/audit-entry.js';
import type { PresenterInput, PresenterTable } from './presenter.types.js';

function onMember(
  { event, names }: PresenterInput,
  action: string,
  sentence: (member: string) => string,
): PresentedEvent {
  const memberId = event.data.memberId as string;
  return {
    action,
    target: { kind: 'member', id: memberId },
    sentence: sentence(names.member(memberId)),
  };
}

const FAILURE_WORDS: Record<LoginFailureReason, string> = {
  unknown_account: 'no member has that e-mail',
  wrong_password: 'wrong password',
  inactive: 'the account is deactivated',
};

export const teamPresenters: PresenterTable = {
  [MemberEvents.MemberAdded]: (input) =>
    onMember(
      input,
      'Added member',
      (member) => `${input.actor} added ${member} to the team as ${String(input.event.data.role)}`,
    ),
  [MemberEvents.MemberProfileChanged]: (input) =>
    onMember(
      input,
      'Changed profile',
      (member) => `${input.actor} changed the profile of ${member}`,
    ),
  [MemberEvents.MemberRoleChanged]: (input) => {
    const { role, previousRole } = input.event.data as MemberRoleChangedData;
    return onMember(
      input,
      'Changed role',
      (member) => `${input.actor} changed the role of ${member} from ${previousRole} to ${role}`,
    );
  },
  [MemberEvents.MemberDeactivated]: (input) =>
    onMember(input, 'Deactivated member', (member) => `${input.actor} deactivated ${member}`),
  [MemberEvents.MemberReactivated]: (input) =>
    onMember(input, 'Reactivated member', (member) => `${input.actor} reactivated ${member}`),
  [MemberEvents.MemberPasswordChanged]: (input) => {
    const { how } = input.event.data as MemberPasswordChangedData;
    return onMember(input, how === 'reset' ? 'Reset password' : 'Changed password', (member) =>
      how === 'reset'
        ? `${input.actor} issued a one-time password to ${member}`
        : `${member} changed their password`,
    );
  },
  [MemberEvents.MemberLoggedIn]: (input) =>
    onMember(input, 'Signed in', (member) => `${member} signed in`),
  [MemberEvents.MemberLoggedOut]: (input) =>
    onMember(input, 'Signed out', (member) => `${member} signed out`),
  [MemberEvents.LoginFailed]: ({ event, names }) => {
    const { memberId, reason } = event.data as LoginFailedData;
    const as = memberId ? ` as ${names.member(memberId)}` : '';
    return {
      action: 'Failed sign-in',
      target: memberId ? { kind: 'member', id: memberId } : null,
      sentence: `Someone failed to sign in${as}: ${FAILURE_WORDS[reason] ?? reason}`,
    };
  },
};
