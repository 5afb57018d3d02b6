import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import type { MemberInput, ProfileInput, StaffRole, TeamMember } from '#src/contract/team';
import { ProfileFields } from '@/shared/components/ProfileFields';
import { ROLES } from '@/admin/team/api/teamApi';

interface Props {
  title: string;
  submitLabel: string;
  /** The member being edited; a new member when absent. */
  member?: TeamMember;
  /** Admins cannot take away their own admin role: the role is fixed for them. */
  roleLocked?: boolean;
  busy: boolean;
  onSubmit(input: MemberInput): void;
  onClose(): void;
}

export function MemberFormDialog({
  title,
  submitLabel,
  member,
  roleLocked,
  busy,
  onSubmit,
  onClose,
}: Props) {
  const [profile, setProfile] = useState<ProfileInput>({
    firstName: member?.firstName ?? '',
    lastName: member?.lastName ?? '',
    email: member?.email ?? '',
  });
  const { firstName, lastName, email } = profile;
  const [role, setRole] = useState<StaffRole>(member?.role ?? 'salesperson');
  const [touched, setTouched] = useState(false);
  const missing = {
    firstName: !firstName.trim(),
    lastName: !lastName.trim(),
    email: !email.trim(),
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (missing.firstName || missing.lastName || missing.email) return;
    onSubmit({ firstName: firstName.trim(), lastName: lastName.trim(), email: email.trim(), role });
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <ProfileFields
              values={profile}
              onChange={(field, value) => setProfile((current) => ({ ...current, [field]: value }))}
              missing={{
                firstName: touched && missing.firstName,
                lastName: touched && missing.lastName,
                email: touched && missing.email,
              }}
              autoFocus
            />
            <TextField
              select
              label="Role"
              value={role}
              onChange={(e) => setRole(e.target.value as StaffRole)}
              disabled={roleLocked}
              helperText={roleLocked ? 'You cannot change your own role' : ' '}
            >
              {ROLES.map((r) => (
                <MenuItem key={r} value={r}>
                  {r}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Saving...' : submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
