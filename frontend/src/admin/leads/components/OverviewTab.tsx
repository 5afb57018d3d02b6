import { Stack } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useVerifyQuery } from '@/shared/session/sessionApi';
import { LeadDetailsDialog } from '@/admin/leads/components/LeadDetailsDialog';
import { WebVitalsTable } from '@/admin/leads/analytics/components/WebVitalsTable';
import { FollowUpsDue } from './overview/FollowUpsDue';
import { RecentQuotesGrid } from './overview/RecentQuotesGrid';
import { StatCards } from './overview/StatCards';

/** The chart library downloads only for those who may see site analytics. */
const AnalyticsChart = lazy(() =>
  import('@/admin/leads/analytics/components/AnalyticsChart').then((m) => ({
    default: m.AnalyticsChart,
  })),
);

export default function OverviewTab() {
  const [openLeadId, setOpenLeadId] = useState<string | null>(null);
  const { data: me } = useVerifyQuery();
  const seesAnalytics = me?.user.role === 'admin' || me?.user.role === 'manager';
  return (
    <Stack spacing={3}>
      <StatCards />
      <FollowUpsDue onOpen={setOpenLeadId} />
      {seesAnalytics && (
        <Suspense fallback={null}>
          <AnalyticsChart />
        </Suspense>
      )}
      {seesAnalytics && <WebVitalsTable />}
      <RecentQuotesGrid onOpen={setOpenLeadId} />
      <LeadDetailsDialog leadId={openLeadId} onClose={() => setOpenLeadId(null)} />
    </Stack>
  );
}
