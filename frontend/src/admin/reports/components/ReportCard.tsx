import { Alert, Box, Button, Card, CardContent, CardHeader, Chip, Typography } from '@mui/material';
import type { ReportSummary } from '#src/contract/reports';
import { reportCopy } from '@/admin/reports/copy';
import type { FinishedBuild } from '@/admin/reports/hooks/useReportsWithProgress';
import { BuildDone, BuildProgress } from '@/shared/components/BuildProgress';
import { formatDateTime } from '@/shared/format/format';
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
  onEdit,
  onRemove,
}: {
  report: ReportSummary;
  finished: FinishedBuild | undefined;
  starting: boolean;
  onBuild: () => void;
  /** Given for a report an admin defined, to an admin. */
  onEdit?: () => void;
  onRemove?: () => void;
}) {
  const running = report.build?.running ?? false;
  const { definition } = report;
  // An edit builds beside the revision shown: the card says which one it shows meanwhile.
  const editBuilding =
    definition?.shownRevision != null && definition.shownRevision !== definition.revision;
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
            {onEdit && (
              <Button
                size="small"
                onClick={onEdit}
                aria-label={`${reportCopy.edit}: ${report.title}`}
              >
                {reportCopy.edit}
              </Button>
            )}
            {onRemove && (
              <Button
                size="small"
                color="warning"
                onClick={onRemove}
                aria-label={`${reportCopy.remove}: ${report.title}`}
              >
                {reportCopy.remove}
              </Button>
            )}
          </Box>
        }
      />
      <CardContent>
        {definition && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {reportCopy.definedBy(
              definition.definedBy,
              formatDateTime(definition.definedAt),
              definition.revision,
            )}
          </Typography>
        )}
        {editBuilding && (
          <Alert severity="info" sx={{ mb: 1 }}>
            {reportCopy.editBuilding(definition.shownRevision!)}
          </Alert>
        )}
        {report.outdated && !report.build && !editBuilding && (
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
          <ReportContentView
            name={report.name}
            revision={`${finished?.revision ?? 0}:${definition?.shownRevision ?? 0}`}
            emptyText={definition ? reportCopy.noEvents : reportCopy.noRows}
          />
        )}
      </CardContent>
    </Card>
  );
}
