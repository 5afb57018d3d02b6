import { Stack } from '@mui/material';
import { useState } from 'react';
import { LeadDetailsDialog } from '@/admin/leads/components/LeadDetailsDialog';
import { RecentQuotesGrid } from './overview/RecentQuotesGrid';
import { StatCards } from './overview/StatCards';

export default function OverviewTab() {
  const [openLeadId, setOpenLeadId] = useState<string | null>(null);
  return (
    <Stack spacing={3}>
      <StatCards />
      <RecentQuotesGrid onOpen={setOpenLeadId} />
      <LeadDetailsDialog leadId={openLeadId} onClose={() => setOpenLeadId(null)} />
    </Stack>
  );
}
