import { Add } from '@mui/icons-material';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { useState } from 'react';
import { errorMessage } from '@/shared/api/api';
import { ConfirmDialog } from '@/shared/components/ConfirmDialog';
import { useToast } from '@/shared/components/toast';
import { useVerifyQuery } from '@/shared/session/sessionApi';
import {
  useReportVocabularyQuery,
  useStartReportBuildMutation,
} from '@/admin/reports/api/reportsApi';
import { reportCopy } from '@/admin/reports/copy';
import { useReportDefinitions } from '@/admin/reports/hooks/useReportDefinitions';
import { useReportsWithProgress } from '@/admin/reports/hooks/useReportsWithProgress';
import { LoadFailedAlert } from '@/shared/components/LoadFailedAlert';
import { ReportCard } from './ReportCard';
import { ReportDefinitionDialog } from './ReportDefinitionDialog';

export default function ReportsTab() {
  const toast = useToast();
  const { reports, finished, startPolling } = useReportsWithProgress();
  const [startBuild] = useStartReportBuildMutation();
  const [starting, setStarting] = useState<string | null>(null);
  const { data: me } = useVerifyQuery();
  const isAdmin = me?.user.role === 'admin';
  const vocabulary = useReportVocabularyQuery(undefined, { skip: !isAdmin });
  const definitions = useReportDefinitions(async () => {
    startPolling();
    await reports.refetch();
  });

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
  const { editing, confirmingRemoval } = definitions;
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
        <Typography variant="h5" component="h2" gutterBottom>
          {reportCopy.heading}
        </Typography>
        {isAdmin && (
          <Button
            variant="contained"
            startIcon={<Add />}
            disabled={!vocabulary.data}
            onClick={() => definitions.open(null)}
          >
            {reportCopy.define}
          </Button>
        )}
      </Box>
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
          onEdit={isAdmin && report.definition ? () => definitions.open(report) : undefined}
          onRemove={isAdmin && report.definition ? () => definitions.askRemoval(report) : undefined}
        />
      ))}
      {editing && vocabulary.data && (
        <ReportDefinitionDialog
          vocabulary={vocabulary.data}
          initial={editing.report?.definition}
          busy={definitions.saving}
          error={definitions.error}
          onSave={(definition) => void definitions.save(definition)}
          onClose={definitions.close}
        />
      )}
      {confirmingRemoval && (
        <ConfirmDialog
          title={reportCopy.removeTitle(confirmingRemoval.title)}
          text={reportCopy.removeText}
          confirmLabel={reportCopy.remove}
          busy={definitions.removing}
          onConfirm={() => void definitions.removeConfirmed()}
          onClose={definitions.cancelRemoval}
        />
      )}
    </Box>
  );
}
