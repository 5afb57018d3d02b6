import { Box, CircularProgress, Typography } from '@mui/material';
import { useState } from 'react';
import { errorMessage } from '@/shared/api/api';
import { useToast } from '@/shared/components/toast';
import { useStartReportBuildMutation } from '@/admin/reports/api/reportsApi';
import { reportCopy } from '@/admin/reports/copy';
import { useReportsWithProgress } from '@/admin/reports/hooks/useReportsWithProgress';
import { LoadFailedAlert } from '@/shared/components/LoadFailedAlert';
import { ReportCard } from './ReportCard';

export default function ReportsTab() {
  const toast = useToast();
  const { reports, finished, startPolling } = useReportsWithProgress();
  const [startBuild] = useStartReportBuildMutation();
  const [starting, setStarting] = useState<string | null>(null);

  const build = async (name: string) => {
    setStarting(name);
    try {
      await startBuild(name).unwrap();
      startPolling();
      await reports.refetch();
    } catch (error) {
      toast({
        title: reportCopy.buildFailed,
        description: errorMessage(error, ''),
        variant: 'destructive',
      });
    } finally {
      setStarting(null);
    }
  };

  if (reports.isError)
    return <LoadFailedAlert message={reportCopy.fetchFailed} onRetry={reports.refetch} />;
  if (!reports.data) return <CircularProgress aria-label="Loading reports" />;
  return (
    <Box>
      <Typography variant="h5" component="h2" gutterBottom>
        {reportCopy.heading}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {reportCopy.intro}
      </Typography>
      {reports.data.map((report) => (
        <ReportCard
          key={report.name}
          report={report}
          finished={finished[report.name]}
          starting={starting === report.name}
          onBuild={() => void build(report.name)}
        />
      ))}
    </Box>
  );
}
