import { Edit, LockReset, PersonAdd, PersonOff, Visibility, HowToReg } from '@mui/icons-material';
import { Button, Chip, IconButton, Tooltip } from '@mui/material';
import { useState } from 'react';
import type { MemberInput, TeamMember } from '#src/contract/team';
import { useToast } from '@/shared/components/toast';
import { formatDateTime } from '@/shared/format/format';
import { fullName, useVerifyQuery } from '@/shared/session/sessionApi';
import { LoadState } from '@/shared/components/LoadState';
import { type RowColumn, RowTable } from '@/shared/components/RowTable';
import { SectionCard } from '@/shared/components/SectionCard';
import { useFetchFailureToast } from '@/shared/hooks/useFetchFailureToast';
import { useSaveOrToast } from '@/shared/hooks/useSaveOrToast';
import {
  useAddMemberMutation,
  useChangeMemberMutation,
  useResetPasswordMutation,
  useSetMemberActiveMutation,
  useTeamMembersQuery,
} from '@/admin/team/api/teamApi';
import { ConfirmDialog } from '@/shared/components/ConfirmDialog';
import { MemberDetailsDialog } from './MemberDetailsDialog';
import { MemberFormDialog } from './MemberFormDialog';
import { OneTimePasswordDialog } from './OneTimePasswordDialog';
import { SecondFactorPolicySwitch } from './SecondFactorPolicySwitch';

type Open =
  | { kind: 'add' }
  | { kind: 'edit' | 'view' | 'toggle' | 'reset'; member: TeamMember }
  | { kind: 'password'; email: string; password: string }
  | null;

const ROLE_COLOURS = { admin: 'secondary', manager: 'primary', salesperson: 'default' } as const;
const FETCH_FAILED = 'Failed to fetch team members';

export default function TeamTab() {
  const toast = useToast();
  const save = useSaveOrToast();
  const me = useVerifyQuery().data?.user;
  const team = useTeamMembersQuery();
  const [addMember, adding] = useAddMemberMutation();
  const [changeMember, changing] = useChangeMemberMutation();
  const [setActive, toggling] = useSetMemberActiveMutation();
  const [resetPassword, resetting] = useResetPasswordMutation();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);

  useFetchFailureToast(team, FETCH_FAILED);

  const add = async (input: MemberInput) => {
    const added = await save(addMember(input).unwrap(), 'Failed to add team member');
    if (!added) return;
    toast({ title: 'Team member added', description: fullName(added.user), variant: 'success' });
    setOpen({ kind: 'password', email: added.user.email, password: added.oneTimePassword });
  };

  const edit = async (member: TeamMember, input: MemberInput) => {
    const changed = await save(
      changeMember({ id: member.id, version: member.version, ...input }).unwrap(),
      'Failed to update team member',
    );
    if (!changed) return;
    toast({ title: 'Team member updated', description: fullName(input), variant: 'success' });
    close();
  };

  const toggle = async (member: TeamMember) => {
    const toggled = await save(
      setActive({ id: member.id, active: !member.isActive }).unwrap(),
      member.isActive ? 'Failed to deactivate' : 'Failed to reactivate',
    );
    if (!toggled) return;
    toast({
      title: member.isActive ? 'Team member deactivated' : 'Team member reactivated',
      description: fullName(member),
      variant: 'success',
    });
    close();
  };

  const reset = async (member: TeamMember) => {
    const issued = await save(
      resetPassword({ id: member.id }).unwrap(),
      'Failed to reset password',
    );
    if (issued)
      setOpen({ kind: 'password', email: member.email, password: issued.oneTimePassword });
  };

  const memberColumns: RowColumn<TeamMember>[] = [
    { header: 'Name', cell: (member) => fullName(member) },
    { header: 'Email', cell: (member) => member.email },
    {
      header: 'Role',
      cell: (member) => <Chip size="small" label={member.role} color={ROLE_COLOURS[member.role]} />,
    },
    {
      header: 'Status',
      cell: (member) => (
        <Chip
          size="small"
          variant="outlined"
          label={member.isActive ? 'Active' : 'Inactive'}
          color={member.isActive ? 'success' : 'default'}
        />
      ),
    },
    {
      header: 'Last Login',
      cell: (member) => (member.lastLogin ? formatDateTime(member.lastLogin) : 'Never'),
    },
    {
      header: 'Actions',
      align: 'right',
      noWrap: true,
      cell: (member) => (
        <MemberActions
          member={member}
          isMe={member.id === me?.id}
          onOpen={(kind) => setOpen({ kind, member })}
        />
      ),
    },
  ];

  return (
    <SectionCard
      title="Team"
      subheader="Staff who can sign in to the admin dashboard"
      action={
        <Button
          variant="contained"
          startIcon={<PersonAdd />}
          onClick={() => setOpen({ kind: 'add' })}
        >
          Add Team Member
        </Button>
      }
    >
      <SecondFactorPolicySwitch />
      <LoadState query={team} loadingLabel="Loading team members" failedMessage={FETCH_FAILED} />
      {team.data && (
        <RowTable
          label="Team members"
          columns={memberColumns}
          rows={team.data}
          rowKey={(member) => member.id}
          hover
        />
      )}

      {open?.kind === 'add' && (
        <MemberFormDialog
          title="Add Team Member"
          submitLabel="Add Member"
          busy={adding.isLoading}
          onSubmit={add}
          onClose={close}
        />
      )}
      {open?.kind === 'edit' && (
        <MemberFormDialog
          title="Edit Team Member"
          submitLabel="Save Changes"
          member={open.member}
          roleLocked={open.member.id === me?.id}
          busy={changing.isLoading}
          onSubmit={(input) => edit(open.member, input)}
          onClose={close}
        />
      )}
      {open?.kind === 'view' && <MemberDetailsDialog member={open.member} onClose={close} />}
      {open?.kind === 'toggle' && (
        <ConfirmDialog
          title={open.member.isActive ? 'Deactivate team member?' : 'Reactivate team member?'}
          text={
            open.member.isActive
              ? `${fullName(open.member)} will be signed out at once and can no longer sign in.`
              : `${fullName(open.member)} will be able to sign in again.`
          }
          confirmLabel={open.member.isActive ? 'Deactivate' : 'Reactivate'}
          busy={toggling.isLoading}
          onConfirm={() => toggle(open.member)}
          onClose={close}
        />
      )}
      {open?.kind === 'reset' && (
        <ConfirmDialog
          title="Reset password?"
          text={`${fullName(open.member)} will be signed out and must sign in with a new one-time password.`}
          confirmLabel="Reset Password"
          busy={resetting.isLoading}
          onConfirm={() => reset(open.member)}
          onClose={close}
        />
      )}
      {open?.kind === 'password' && (
        <OneTimePasswordDialog email={open.email} password={open.password} onClose={close} />
      )}
    </SectionCard>
  );
}

/** The row's buttons: view, edit, reset password, deactivate or reactivate. */
function MemberActions({
  member,
  isMe,
  onOpen,
}: {
  member: TeamMember;
  isMe: boolean;
  onOpen: (kind: 'view' | 'edit' | 'reset' | 'toggle') => void;
}) {
  const name = fullName(member);
  return (
    <>
      <Tooltip title="View">
        <IconButton aria-label={`View ${name}`} onClick={() => onOpen('view')}>
          <Visibility />
        </IconButton>
      </Tooltip>
      <Tooltip title="Edit">
        <IconButton aria-label={`Edit ${name}`} onClick={() => onOpen('edit')}>
          <Edit />
        </IconButton>
      </Tooltip>
      <Tooltip title="Reset password">
        <span>
          <IconButton
            aria-label={`Reset password of ${name}`}
            onClick={() => onOpen('reset')}
            disabled={isMe || !member.isActive}
          >
            <LockReset />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={member.isActive ? 'Deactivate' : 'Reactivate'}>
        <span>
          <IconButton
            aria-label={`${member.isActive ? 'Deactivate' : 'Reactivate'} ${name}`}
            onClick={() => onOpen('toggle')}
            disabled={isMe}
          >
            {member.isActive ? <PersonOff /> : <HowToReg />}
          </IconButton>
        </span>
      </Tooltip>
    </>
  );
}
