import { Backup, Download, Refresh } from '@mui/icons-material';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Chip,
  IconButton,
  LinearProgress,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { LoadState } from '@/shared/components/LoadState';
import { type RowColumn, RowTable } from '@/shared/components/RowTable';
import { SectionCard } from '@/shared/components/SectionCard';
import type { BackupFileInfo } from '#src/contract/backups';
import { useFetchFailureToast } from '@/shared/hooks/useFetchFailureToast';
import { useSaveOrToast } from '@/shared/hooks/useSaveOrToast';
import { useToast } from '@/shared/components/toast';
import { formatDateTime } from '@/shared/format/format';
import { useBackUpNowMutation, useBackupStatusQuery } from '@/admin/backups/api/backupsApi';
import { BACKUPS_COPY as COPY } from '@/admin/backups/copy';
import { useBackupDownload } from '@/admin/backups/hooks/useBackupDownload';

/** While a backup is written, the list is polled for its progress this often. */
const PROGRESS_POLL_MS = 500;

export default function BackupsTab() {
  const toast = useToast();
  const save = useSaveOrToast();
  const [backUpNow, backingUp] = useBackUpNowMutation();
  const status = useBackupStatusQuery(undefined, {
    pollingInterval: backingUp.isLoading ? PROGRESS_POLL_MS : 0,
  });
  const download = useBackupDownload();
  useFetchFailureToast(status, COPY.fetchFailed);

  const runBackup = async () => {
    const created = await save(backUpNow().unwrap(), COPY.backupFailed);
    if (created)
      toast({ title: COPY.backupDone, description: created.file.name, variant: 'success' });
  };
  const downloadFile = (name: string) =>
    download(name).catch((error: Error) =>
      toast({ title: COPY.downloadFailed, description: error.message, variant: 'destructive' }),
    );

  const fileColumns: RowColumn<BackupFileInfo>[] = [
    {
      header: 'Name',
      cell: (file, index) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <span>{file.name}</span>
          {index === 0 && <Chip size="small" color="success" label={COPY.latest} />}
        </Stack>
      ),
    },
    { header: 'Created', cell: (file) => formatDateTime(file.created) },
    { header: 'Size', cell: (file) => file.sizeFormatted },
    {
      header: 'Download',
      align: 'right',
      cell: (file) => (
        <Tooltip title={COPY.download}>
          <IconButton
            aria-label={`${COPY.download} ${file.name}`}
            onClick={() => void downloadFile(file.name)}
          >
            <Download />
          </IconButton>
        </Tooltip>
      ),
    },
  ];

  const data = status.data;
  const progress = data?.inProgress;
  return (
    <SectionCard
      title={COPY.title}
      subheader={COPY.subheader}
      action={
        <Stack direction="row" spacing={1}>
          <Button
            startIcon={<Refresh />}
            onClick={() => void status.refetch()}
            disabled={status.isFetching}
          >
            {COPY.refresh}
          </Button>
          <Button
            variant="contained"
            startIcon={<Backup />}
            onClick={() => void runBackup()}
            disabled={backingUp.isLoading}
          >
            {backingUp.isLoading ? COPY.backingUp : COPY.backUpNow}
          </Button>
        </Stack>
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {COPY.description}
      </Typography>
      {backingUp.isLoading && (
        <Box sx={{ mb: 2 }} role="status" aria-label="Backup progress">
          <LinearProgress
            variant={progress && progress.total > 0 ? 'determinate' : 'indeterminate'}
            value={progress && progress.total > 0 ? (progress.done / progress.total) * 100 : 0}
          />
          {progress && (
            <Typography variant="caption">
              {COPY.progress(progress.phase, progress.done, progress.total)}
            </Typography>
          )}
        </Box>
      )}
      {data?.status === 'failing' && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          <AlertTitle>{COPY.failing}</AlertTitle>
          {data.lastError}
        </Alert>
      )}
      <LoadState query={status} loadingLabel="Loading backups" failedMessage={COPY.fetchFailed} />
      {data && data.files.length === 0 && (
        <Alert severity="info">
          <AlertTitle>{COPY.emptyTitle}</AlertTitle>
          {COPY.emptyBody}
        </Alert>
      )}
      {data && data.files.length > 0 && (
        <>
          <RowTable
            label="Backup files"
            columns={fileColumns}
            rows={data.files}
            rowKey={(file) => file.name}
            hover
          />
          <Stack direction="row" spacing={3} sx={{ mt: 2, flexWrap: 'wrap' }}>
            <Typography variant="body2">{COPY.totalFiles(data.totalFiles)}</Typography>
            {data.lastBackup && (
              <Typography variant="body2">
                {COPY.lastBackup(
                  formatDateTime(data.lastBackup.created),
                  data.lastBackup.sizeFormatted,
                )}
              </Typography>
            )}
          </Stack>
        </>
      )}
    </SectionCard>
  );
}
