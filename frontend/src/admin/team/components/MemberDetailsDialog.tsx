import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import type { TeamMember } from '#src/contract/team';
import { formatDateTime } from '@/shared/format/format';
import { fullName } from '@/shared/session/sessionApi';

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Stack>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography>{value}</Typography>
    </Stack>
  );
}

export function MemberDetailsDialog({ member, onClose }: { member: TeamMember; onClose(): void }) {
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{fullName(member)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Detail label="Email" value={member.email} />
          <Detail label="Role" value={member.role} />
          <Detail label="Status" value={member.isActive ? 'Active' : 'Inactive'} />
          <Detail
            label="Last Login"
            value={member.lastLogin ? formatDateTime(member.lastLogin) : 'Never'}
          />
          <Detail label="Member since" value={formatDateTime(member.createdAt)} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
