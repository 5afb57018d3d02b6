import { Alert, Box, Link, Typography } from '@mui/material';
import { DataGrid, type GridColDef, type GridSortModel } from '@mui/x-data-grid';
import { useCallback, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { AuditEntryView, AuditFilter, AuditSort } from '#src/contract/audit';
import { REPORT_PROGRESS_POLL_MS } from '#src/contract/reports';
import { useGetActivityQuery } from '@/admin/audit/api/auditApi';
import { auditCopy } from '@/admin/audit/copy';
import { useCsvDownload } from '@/shared/hooks/useCsvDownload';
import { AuditFilters } from './AuditFilters';
import { LoadFailedAlert } from '@/shared/components/LoadFailedAlert';
import { useFetchFailureToast } from '@/shared/hooks/useFetchFailureToast';
import { formatDateTime } from '@/shared/format/format';
import { serverPagedGridProps } from '@/shared/components/serverPagedGrid';
import { BuildProgress } from '@/shared/components/BuildProgress';

const PAGE_SIZE = 25;

/** Grid column → the server's sort key. */
const SORT_KEYS: Record<string, string> = {
  occurredAt: 'occurredAt',
  actor: 'actorName',
  action: 'action',
};

function sortOf(model: GridSortModel): AuditSort {
  const [first] = model;
  if (!first?.sort || !SORT_KEYS[first.field]) return '-occurredAt';
  return `${first.sort === 'desc' ? '-' : ''}${SORT_KEYS[first.field]}` as AuditSort;
}

/** Who changed what across the company, and who saw whose data (admins and managers). */
export default function AuditTab() {
  const [filter, setFilter] = useState<AuditFilter>({});
  const [page, setPage] = useState(0);
  const [sortModel, setSortModel] = useState<GridSortModel>([
    { field: 'occurredAt', sort: 'desc' },
  ]);
  const csv = useCsvDownload('/admin/activity/csv', 'audit-log.csv');
  const [building, setBuilding] = useState(false);
  const activity = useGetActivityQuery(
    { ...filter, sort: sortOf(sortModel), page: page + 1, pageSize: PAGE_SIZE },
    // While the log is being built, ask again as the Reports tab does for its builds.
    { pollingInterval: building ? REPORT_PROGRESS_POLL_MS : 0 },
  );
  const { data, isFetching, isError, refetch } = activity;
  const build = data?.build;
  if (!!build !== building) setBuilding(!!build);
  useFetchFailureToast(activity, auditCopy.fetchFailed);

  const changeFilter = useCallback((next: AuditFilter) => {
    setFilter(next);
    setPage(0);
  }, []);

  const columns = useMemo<GridColDef<AuditEntryView>[]>(
    () => [
      {
        field: 'occurredAt',
        headerName: 'Time',
        width: 170,
        valueFormatter: (v: string) => formatDateTime(v),
      },
      {
        field: 'actor',
        headerName: 'Actor',
        width: 190,
        valueGetter: (_v, row) => `${row.actor.name} (${row.actor.role})`,
      },
      { field: 'action', headerName: 'Action', width: 170 },
      {
        field: 'target',
        headerName: 'Target',
        width: 190,
        sortable: false,
        renderCell: ({ row }) => {
          const target = row.target;
          if (!target) return '–';
          if (target.kind === 'lead' && target.label !== 'erased lead')
            return (
              <Link component={RouterLink} to={`/admin?tab=crm&lead=${target.id}`}>
                {target.label}
              </Link>
            );
          if (target.kind === 'member')
            return (
              <Link component={RouterLink} to="/admin?tab=team">
                {target.label}
              </Link>
            );
          return target.label;
        },
      },
      { field: 'sentence', headerName: 'What happened', flex: 1, minWidth: 300, sortable: false },
    ],
    [],
  );

  return (
    <Box>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {auditCopy.title}
      </Typography>
      <AuditFilters
        filter={filter}
        onChange={changeFilter}
        onDownload={() => void csv.download({ ...filter })}
        downloading={csv.busy}
      />
      {csv.failed && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {auditCopy.csvFailed}
        </Alert>
      )}
      {build && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {auditCopy.building}
          <BuildProgress title={auditCopy.title} build={build} note={auditCopy.buildingNote} />
        </Alert>
      )}
      {isError && (
        <LoadFailedAlert message={auditCopy.fetchFailed} onRetry={refetch} sx={{ mb: 2 }} />
      )}
      <DataGrid
        aria-label={auditCopy.title}
        rows={data?.items ?? []}
        columns={columns}
        loading={isFetching}
        rowCount={data?.total ?? 0}
        sortingMode="server"
        sortModel={sortModel}
        onSortModelChange={(model) => {
          setSortModel(model);
          setPage(0);
        }}
        {...serverPagedGridProps(page, PAGE_SIZE, setPage)}
        localeText={{ noRowsLabel: isError ? auditCopy.fetchFailed : auditCopy.noRows }}
      />
    </Box>
  );
}
