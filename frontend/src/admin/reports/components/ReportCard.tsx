import { Alert, Box, Button, Card, CardContent, CardHeader, Chip } from '@mui/material';
import type { ReportSummary } from '#src/contract/reports';
import { reportCopy } from '@/admin/reports/copy';
import type { FinishedBuild } from '@/admin/reports/hooks/useReportsWithProgress';
import { BuildDone, BuildProgress } from '@/shared/components/BuildProgress';
import { ReportContentView } from './ReportContentView';

function actionLabel(report: ReportSummary): string {
  if (report.build && !report.build.running) return reportCopy.resume;
  return report.state === 'ready' ? reportCopy.rebuild : reportCopy.build;
}

/** One report: its state, its build (start, progress, finish) and, once built, its content. */
export function ReportCard({
  report,
  finished,
  starting,
  onBuild,
}: {
  report: ReportSummary;
  finished: FinishedBuild | undefined;
  starting: boolean;
  onBuild: () => void;
}) {
  const running = report.build?.running ?? false;
  return (
    <Card component="section" aria-label={report.title} sx={{ mb: 2 }}>
      <CardHeader
        title={report.title}
        subheader={report.description}
        action={
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <Chip
              size="small"
              label={report.state === 'ready' ? reportCopy.ready : reportCopy.notBuilt}
              color={report.state === 'ready' ? 'success' : 'default'}
            />
            <Button
              variant={report.state === 'ready' ? 'outlined' : 'contained'}
              size="small"
              disabled={running || starting}
              onClick={onBuild}
              aria-label={`${actionLabel(report)}: ${report.title}`}
            >
              {running ? reportCopy.building : actionLabel(report)}
            </Button>
          </Box>
        }
      />
      <CardContent>
        {report.outdated && !report.build && (
          <Alert severity="info" sx={{ mb: 1 }}>
            {reportCopy.outdated}
          </Alert>
        )}
        {report.build && !report.build.running && (
          <Alert severity="warning" sx={{ mb: 1 }}>
            {reportCopy.buildStopped(report.build.error)}
          </Alert>
        )}
        {report.build?.running && (
          <BuildProgress title={report.title} build={report.build} note={reportCopy.leavePage} />
        )}
        {!report.build && finished && <BuildDone title={report.title} total={finished.total} />}
        {report.state === 'ready' && (
          <ReportContentView name={report.name} revision={finished?.revision ?? 0} />
        )}
      </CardContent>
    </Card>
  );
}
