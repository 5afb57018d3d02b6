import {
  Button,
  Card,
  CardContent,
  Chip,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Skeleton,
  Typography,
} from '@mui/material';
import type { LeadView } from '#src/contract/leads';
import { finnishDay } from '#src/contract/finnish-day';
import {
  useGetFollowUpsQuery,
  useGetLeadOwnersQuery,
  useUpdateLeadMutation,
} from '@/admin/leads/api/leadsApi';
import { leadCopy } from '@/admin/leads/copy';
import { useUpdateFailure } from '@/admin/leads/hooks/useUpdateFailure';
import { LoadFailedAlert } from '@/shared/components/LoadFailedAlert';
import { useToast } from '@/shared/components/toast';
import { formatDay } from '@/shared/format/format';

/** Today's and overdue follow-ups, soonest first, each done with one click. */
export function FollowUpsDue({ onOpen }: { onOpen: (leadId: string) => void }) {
  const { data: leads, isLoading, isError, refetch } = useGetFollowUpsQuery();
  const { data: owners = [] } = useGetLeadOwnersQuery();
  const [update] = useUpdateLeadMutation();
  const toast = useToast();
  const reportFailure = useUpdateFailure((message) =>
    toast({ title: leadCopy.updateFailed.title, description: message, variant: 'destructive' }),
  );
  const today = finnishDay(new Date());
  const ownerName = (lead: LeadView) =>
    owners.find((o) => o.id === lead.ownerId)?.name ?? (lead.ownerId ? 'a former member' : null);
  const done = async (lead: LeadView) => {
    try {
      await update({ id: lead.id, expectedVersion: lead.version, followUpDone: true }).unwrap();
      toast({ title: leadCopy.followUpDone, variant: 'success' });
    } catch (error) {
      reportFailure(error);
    }
  };
  return (
    <Card variant="outlined" component="section" aria-labelledby="follow-ups-title">
      <CardContent>
        <Typography id="follow-ups-title" variant="h6" component="h2" gutterBottom>
          Follow-ups due
        </Typography>
        {isLoading && <Skeleton variant="rectangular" height={60} />}
        {isError && <LoadFailedAlert message={leadCopy.fetchQuotesFailed} onRetry={refetch} />}
        {leads?.length === 0 && (
          <Typography color="text.secondary">No follow-ups due today or overdue.</Typography>
        )}
        <List dense disablePadding>
          {leads?.map((lead) => {
            const overdue = lead.followUpOn! < today;
            const owner = ownerName(lead);
            return (
              <ListItem
                key={lead.id}
                disablePadding
                secondaryAction={
                  <Button size="small" onClick={() => done(lead)}>
                    Done
                  </Button>
                }
              >
                <ListItemButton onClick={() => onOpen(lead.id)}>
                  <Chip
                    size="small"
                    color={overdue ? 'error' : 'warning'}
                    label={overdue ? `Overdue ${formatDay(lead.followUpOn!)}` : 'Today'}
                    sx={{ mr: 1.5 }}
                  />
                  <ListItemText
                    primary={`${lead.customerFirstName} ${lead.customerLastName}`.trim()}
                    secondary={[owner, lead.followUpNote].filter(Boolean).join(' · ') || null}
                  />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      </CardContent>
    </Card>
  );
}
